/* A monotonic clock for timing runs and passes. */
#ifndef TILE_SUPPORT_CLOCK_H
#define TILE_SUPPORT_CLOCK_H

/* Seconds since an arbitrary point, from CLOCK_MONOTONIC. */
double tileMonotonicSeconds(void);

#endif
