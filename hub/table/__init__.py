"""The table as a program, for any game: the real table's hub (``run``), the simulated
table (``sim``: virtual seats and the loop), and what runs beside them (``runtime``: the
web page and the voice). The game comes from its plug-in (`hub.games`); nothing here
names one."""
