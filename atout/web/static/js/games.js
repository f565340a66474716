// The pages draw each game through one object per game, looked up by the
// observation's `game` (as the server's registry builds each game's engine):
// no page branches on a game's name.
import { africainUI } from "./africain.js";
import { frenchUI } from "./french.js";

/** The drawing of the game called `name` (looked up when asked: the game modules
 * and the table's import each other, so theirs may not be evaluated yet here). */
export function uiOf(name) { return { french: frenchUI, africain: africainUI }[name]; }
