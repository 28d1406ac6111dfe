"""Verification: the dealing simulator, certification reports and the self-test of an install."""
