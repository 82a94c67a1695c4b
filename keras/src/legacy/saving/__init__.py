"""Legacy saving formats: the Keras 2 config format (`serialization`,
`json_utils`, `saving_utils`) and the Keras 2 style `.h5` model file
(`legacy_h5_format`)."""
