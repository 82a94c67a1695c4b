"""Legacy formats kept for compatibility."""
