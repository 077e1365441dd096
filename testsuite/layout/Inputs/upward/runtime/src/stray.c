/* stray.c - a file outside every layer folder (layering.test must name it). */
int stray;
