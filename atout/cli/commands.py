"""Every command of the command line, registered on ``app`` by importing its module."""

from atout.cli import analyse as analyse  # registers `atout analyse`
from atout.cli import arena as arena  # registers `atout arena`
from atout.cli import db as db  # registers `atout db`
from atout.cli import importing as importing  # registers `atout import`
from atout.cli import play as play  # registers `atout play`
from atout.cli import replay as replay  # registers `atout replay`
from atout.cli import score as score  # registers `atout score`
from atout.cli import serve as serve  # registers `atout serve`
from atout.cli import sheet as sheet  # registers `atout sheet`
from atout.cli import simulate as simulate  # registers `atout simulate`
from atout.cli import tournament as tournament  # registers `atout tournament`
from atout.cli import tournament_arbiter as tournament_arbiter  # its adjust, sessions ...
from atout.cli import tournament_libre as tournament_libre  # registers `... libre`
from atout.cli.app import app

__all__ = ["app"]
