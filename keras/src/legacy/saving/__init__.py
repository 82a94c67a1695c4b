"""Legacy saving formats (the Keras 2 style `.h5` model file)."""
