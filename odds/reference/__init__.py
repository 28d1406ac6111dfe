"""Independent reference computations: plain algorithms in pure Python with exact fractions.

They share nothing with the fast engines but the card notation, and exist so that every fast
result can be checked against a second, simpler computation.
"""
