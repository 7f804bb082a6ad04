"""companion: referee assistant, rules companion and print shop for three card games."""

__version__ = "0.1.0"
