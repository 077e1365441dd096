/* unlisted.h - in a folder LAYERS does not name. */
