"""Tournaments between bots, their results files, ratings and balance reports."""
