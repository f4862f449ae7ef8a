#!/usr/bin/env bash
# packaging/check-small-fs.sh: a failed write on a real small file system. Mounts a 4 MB tmpfs,
# runs the tests that fill it up while changes come in (tests/it/small_fs.rs), remounts it
# read-only and runs the tests that open a session there (the engine's refusal naming the folder,
# and the window's read-only view: src/ui/workstation/tests_saving.rs), then unmounts it.
# Needs root (or the right to mount); says so and does nothing where it cannot mount.
#   bash packaging/check-small-fs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO="${CARGO:-cargo}"
dir="$(mktemp -d /tmp/go-arbiter-small-fs.XXXXXX)"
cleanup() {
    umount "$dir" 2>/dev/null || true
    rmdir "$dir" 2>/dev/null || true
}
trap cleanup EXIT
if ! mount -t tmpfs -o size=4m tmpfs "$dir" 2>/dev/null; then
    echo "check-small-fs: skipped: cannot mount a tmpfs here (needs root and the right to mount)"
    exit 0
fi
export GO_ARBITER_SMALL_FS="$dir"
"$CARGO" test --locked --test it -- --ignored --exact \
    small_fs::on_a_full_file_system_changes_are_held_then_written_and_none_is_lost
mount -o remount,ro "$dir"
"$CARGO" test --locked --test it -- --ignored --exact \
    small_fs::on_a_read_only_file_system_the_folder_is_named_and_the_session_still_reads
"$CARGO" test --locked --lib -- --ignored --exact \
    ui::workstation::tests_saving::a_session_on_a_read_only_file_system_opens_read_only_and_names_the_folder
echo "check-small-fs: passed"
