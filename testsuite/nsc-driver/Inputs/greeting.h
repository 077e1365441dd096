// Found through -I by nst-defines.nst.
#define WHO "the preprocessor of a .nst input"
