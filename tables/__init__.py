"""Paytables transcribed from the regulations, one TOML file per wager (installed as odds.tables)."""
