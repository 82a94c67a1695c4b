"""Small standard datasets, downloaded once into the Keras cache."""
