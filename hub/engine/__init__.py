"""Rules engines, one package per game (`hub.engine.citadels`, `hub.engine.nim`...): pure
rules, standard library only, no I/O, no clock, no global random. `hub.engine.rng` is the
seeded generator every engine may share."""
