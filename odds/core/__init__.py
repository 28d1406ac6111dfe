"""The domain: cards, the shoe, the dealer's rules and the rules of the game, errors and the
exact number formats. Imports nothing else of odds."""
