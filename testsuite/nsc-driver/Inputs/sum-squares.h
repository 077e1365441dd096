// Declares the function of Inputs/sum-squares.c.
long sum_squares(int n);
