"""Our games for other libraries: OpenSpiel, PettingZoo and Gymnasium."""
