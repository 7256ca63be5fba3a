"""Games the table kernel (`hub.kernel`) can host: one adapter package per game."""
