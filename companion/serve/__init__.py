"""The live table: a web page of the game for every phone at the table. Only ``companion
serve`` imports this package, so Starlette and uvicorn cost nothing elsewhere."""
