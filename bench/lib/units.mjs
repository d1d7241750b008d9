// One unit for memory throughout the bench: the megabyte of 10^6 bytes (MB). /proc and smaps count in
// kB that are kibibytes (1,024 bytes): 400 MB is 390,625 of them.

/** `kib` kibibytes (as /proc counts them), in MB of 10^6 bytes. */
export const kibToMB = (kib) => (kib * 1024) / 1e6;

/** `bytes`, in MB of 10^6 bytes. */
export const bytesToMB = (bytes) => bytes / 1e6;
