#!/bin/sh
# as-unprivileged.sh command... - runs the command as user nobody when run
# as root (root reads a file of mode 000, so a test of an unreadable file
# must not run as root); as any other user, runs it as it is.
if [ "$(id -u)" = 0 ]; then
  exec setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
fi
exec "$@"
