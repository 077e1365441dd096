/* high.h - the higher layer's interface. */
int high_work(int x);
