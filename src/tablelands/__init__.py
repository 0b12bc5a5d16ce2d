"""tablelands: rules engines, bots and tools for three tabletop games."""

__version__ = "0.1.0"
