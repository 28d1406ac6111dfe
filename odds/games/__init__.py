"""The game variants and the decisions side wagers open: Blackjack Switch, Blackjack Burnout's burn
option, the house money and 7-7 decisions, and the effect of each main-game rule."""
