//! What the window remembers between runs (eframe storage): size, language, keys, voice, volume.
