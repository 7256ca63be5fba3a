"""The commands of ``citadels-hub`` that read the games' registry for a part that names no
game: ``voice`` (a game's words said aloud, to check a language by ear) and ``replay`` /
``export`` (a stored game read back). Kept here, beside `hub.cli`, so that the voice and the
store stay below the registry (`tests/project/test_structure.py`)."""
