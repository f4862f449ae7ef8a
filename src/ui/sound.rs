//! The window's sound: the audio engine behind the caller, volume, voice pack, the no-device notice.
