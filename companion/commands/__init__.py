"""One module per command; each has ``run(args) -> exit code``."""
