"""Reading TOML: located values, every problem collected, limits that hold before parsing."""
