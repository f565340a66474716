-- The SQLite schema atout served on before migrations existed (create_all at commit
-- 988d394), as users' data directories hold it: the migration test starts from it.
CREATE TABLE users (
	id INTEGER NOT NULL,
	name VARCHAR(32) NOT NULL,
	password_hash VARCHAR(200) NOT NULL,
	created FLOAT NOT NULL,
	xp INTEGER NOT NULL,
	mu FLOAT NOT NULL,
	sigma FLOAT NOT NULL,
	PRIMARY KEY (id),
	UNIQUE (name)
);
CREATE TABLE tables (
	id VARCHAR(16) NOT NULL,
	options JSON NOT NULL,
	seats JSON NOT NULL,
	master VARCHAR(32) NOT NULL,
	invite_code VARCHAR(32) NOT NULL,
	invited JSON NOT NULL,
	status VARCHAR(16) NOT NULL,
	game_id INTEGER,
	PRIMARY KEY (id)
);
CREATE TABLE ledger (
	id INTEGER NOT NULL,
	txn VARCHAR(32) NOT NULL,
	account VARCHAR(48) NOT NULL,
	amount INTEGER NOT NULL,
	reason VARCHAR(64) NOT NULL,
	created FLOAT NOT NULL,
	PRIMARY KEY (id)
);
CREATE INDEX ix_ledger_txn ON ledger (txn);
CREATE INDEX ix_ledger_account ON ledger (account);
CREATE TABLE sessions (
	token_hash VARCHAR(64) NOT NULL,
	user_id INTEGER NOT NULL,
	created FLOAT NOT NULL,
	PRIMARY KEY (token_hash),
	FOREIGN KEY(user_id) REFERENCES users (id)
);
CREATE TABLE games (
	id INTEGER NOT NULL,
	table_id VARCHAR(16) NOT NULL,
	game VARCHAR(16) NOT NULL,
	players INTEGER NOT NULL,
	variant VARCHAR(32),
	engine_options JSON NOT NULL,
	table_options JSON NOT NULL,
	seats JSON NOT NULL,
	status VARCHAR(16) NOT NULL,
	shared_ip BOOLEAN NOT NULL,
	result JSON,
	abandoned JSON NOT NULL,
	started FLOAT NOT NULL,
	PRIMARY KEY (id),
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
CREATE INDEX ix_games_table_id ON games (table_id);
CREATE TABLE actions (
	id INTEGER NOT NULL,
	game_id INTEGER NOT NULL,
	"index" INTEGER NOT NULL,
	text TEXT NOT NULL,
	PRIMARY KEY (id),
	UNIQUE (game_id, "index"),
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE INDEX ix_actions_game_id ON actions (game_id);
CREATE TABLE game_players (
	id INTEGER NOT NULL,
	game_id INTEGER NOT NULL,
	user_id INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	rank INTEGER NOT NULL,
	xp INTEGER NOT NULL,
	deals INTEGER NOT NULL,
	deal_score_total INTEGER NOT NULL,
	contracts_taken INTEGER NOT NULL,
	contracts_made INTEGER NOT NULL,
	PRIMARY KEY (id),
	FOREIGN KEY(game_id) REFERENCES games (id),
	FOREIGN KEY(user_id) REFERENCES users (id)
);
CREATE INDEX ix_game_players_user_id ON game_players (user_id);
CREATE INDEX ix_game_players_game_id ON game_players (game_id);
