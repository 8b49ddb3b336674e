"""The live table: a small web server that shows the game to every phone at the table.

``companion serve`` (and ``serve`` in the shell) imports this package; no
other command does, so Starlette and uvicorn cost nothing elsewhere.

- ``links``: the secret links (kept in the data folder) and the address to listen on;
- ``state``: what a page shows, read from the save through the engines' own status;
- ``lines``: a line typed on a page checked and run as the shell would run it;
- ``app``: the Starlette application (page, events, state, actions) and its watcher;
- ``server``: uvicorn, in the foreground or in a thread beside the shell;
- ``page.html``: the page, one self-contained file.
"""
