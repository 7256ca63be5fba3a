"""The game kit: what every game's table side needs and no game should write again.

A small game declares its cards, its words, its engine and (if it wants) its pages; the
kit gives the rest, each piece a default of `hub.games.plugin.GamePlugin`:

- `words.Words`: its sentences in the hub's three languages, ``say`` and ``seat_name``;
- `teller.Teller`: the game told on the terminal, one line per public event;
- `table.GameTable` / `table.table_maker`: the kernel's table hosting its adapter;
- `adapter.VoidUndo` / `adapter.KitAdapter`: undo as ``0 void <reason>`` through
  `hub.engine.actions.TextAction`, and the adapter's other everyday defaults;
- `players.BotPlayer` / `players.bot_players`: a simulated person deciding with the
  game's bot and pressing the seat's buttons (a game with cards says how it lays them);
- `players.BotTablePeople`: the people at a table of real seats, one bot each;
- `copies.CopyBinding`: which physical copy (tag) stands for which card of the rules,
  where copies print one face (The Builders' Cranes, Cities & Knights' Alchemists);
- `voice.story_voice`: the voice of a game that tells its story in order, with the
  samples ``citadels-hub voice --game NAME`` says.

`hub/games/nim/` uses all of it: the template a new game copies.
"""

from .adapter import KitAdapter, VoidUndo
from .copies import CopyBinding
from .players import BotPlayer, BotTablePeople, bot_players
from .table import GameTable, table_maker
from .teller import Teller
from .voice import story_voice
from .words import Words

__all__ = ["BotPlayer", "BotTablePeople", "CopyBinding", "GameTable", "KitAdapter", "Teller", "VoidUndo", "Words",
           "bot_players", "story_voice", "table_maker"]
