"""Web scoreboard, seat pages and table admin (Flask, served by uvicorn; see serving.py)."""

from .app import close_app, create_app
from .facade import TableFacade
from .serving import make_server, print_access, serve
from .tokens import make_tokens

__all__ = ["TableFacade", "close_app", "create_app", "make_server", "make_tokens", "print_access", "serve"]
