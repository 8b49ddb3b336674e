from companion.cli.main import run

run()
