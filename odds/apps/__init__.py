"""The applications: the command line, the book of par sheets and the shoe-state sweep."""
