// The pages draw each game through one object per game, looked up by the
// observation's `game` (as the server's registry builds each game's engine):
// no page branches on a game's name.
import { africainUI } from "./africain.js";
import { frenchUI } from "./french.js";

const GAMES = { french: frenchUI, africain: africainUI };

/** The drawing of the game called `name`. */
export function uiOf(name) { return GAMES[name]; }
