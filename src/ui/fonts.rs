//! The bundled CJK font subset installed into egui, so every machine shows the same text.
