//! The OpenGL driver loaded on a second thread at the start, so that the first frame does not
//! wait for it. Linux with Mesa only (the module is compiled on Linux alone); machines with one
//! core or NVIDIA's own driver are left alone. `unsafe`: loading a library runs its initialisers.
//!
//! Mesa's driver (`swrast_dri.so`, with the LLVM it links) takes about 30 ms to load and relocate
//! on a two-core machine, on the window's thread, after X11 has started and before the first
//! frame. Loaded here on another core while winit starts X11, the window's own load later finds
//! it in place. Measured under Xvfb, release build, 14 starts each, taken in turn: the first frame
//! went from a median of 142 ms (`GO_ARBITER_GL_WARMUP=0`) to 124 ms. Mesa's hardware drivers (iris, radeonsi, ...) are the
//! same file as `swrast_dri.so` (one "megadriver", or stubs of one `libgallium`), so the load is
//! the same one Mesa makes. `GO_ARBITER_GL_WARMUP=0` turns it off.
#![allow(unsafe_code)]

use std::path::{Path, PathBuf};

/// The environment variable that, set to `0`, leaves the driver to the window's own load.
const WARMUP_VAR: &str = "GO_ARBITER_GL_WARMUP";

/// Starts loading Mesa's OpenGL driver on its own thread, if there is one to load. Never waits.
pub fn start() {
    let one_core = std::thread::available_parallelism().is_ok_and(|n| n.get() == 1);
    if one_core || std::env::var_os(WARMUP_VAR).is_some_and(|v| v == "0") || Path::new("/proc/driver/nvidia").exists() {
        return;
    }
    let Some(driver) = mesa_driver(std::env::var_os("LIBGL_DRIVERS_PATH").as_deref()) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("gl-warmup".to_string())
        .spawn(move || load_for_good(&driver));
}

/// Where Mesa's driver is: in `LIBGL_DRIVERS_PATH` (colon-separated) first, as Mesa looks, then
/// in the usual folders for this machine's architecture.
fn mesa_driver(drivers_path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    // Debian's multiarch folder names the architecture its own way for 32-bit machines.
    let triple = match std::env::consts::ARCH {
        "x86" => "i386-linux-gnu",
        "arm" => "arm-linux-gnueabihf",
        _ => "",
    };
    let multiarch = if triple.is_empty() {
        format!("/usr/lib/{}-linux-gnu/dri", std::env::consts::ARCH)
    } else {
        format!("/usr/lib/{triple}/dri")
    };
    let from_env = drivers_path.into_iter().flat_map(std::env::split_paths);
    let usual = [multiarch.as_str(), "/usr/lib64/dri", "/usr/lib/dri"].map(PathBuf::from);
    from_env
        .chain(usual)
        .map(|dir| dir.join("swrast_dri.so"))
        .find(|file| file.is_file())
}

/// Loads `file` as Mesa itself does (now, globally) and never unloads it: Mesa's own load then
/// finds it in place.
fn load_for_good(file: &Path) {
    use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
    // SAFETY: Mesa's driver is a system library made to be loaded into any GL client at any time
    // (Mesa's loader loads this very file with these flags); nothing here calls into it.
    if let Ok(library) = unsafe { Library::open(Some(file), RTLD_NOW | RTLD_GLOBAL) } {
        // Kept loaded for the life of the process, as Mesa would keep it.
        std::mem::forget(library);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_is_looked_for_in_libgl_drivers_path_first() {
        let dir = std::env::temp_dir().join(format!("go-arbiter-dri-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("swrast_dri.so"), b"").unwrap();
        let path = std::env::join_paths([Path::new("/nowhere"), &dir]).unwrap();
        assert_eq!(mesa_driver(Some(&path)), Some(dir.join("swrast_dri.so")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_without_the_driver_is_passed_over() {
        let found = mesa_driver(Some(std::ffi::OsStr::new("/nowhere")));
        assert!(
            found.as_ref().is_none_or(|file| file.starts_with("/usr/lib")),
            "{found:?}"
        );
    }
}
