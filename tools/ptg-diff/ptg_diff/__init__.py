"""ptg-diff: differential testing of rtg against PTG 0.9.13 (see README.md)."""
