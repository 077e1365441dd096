#!/usr/bin/env python3
"""big-input.py KIND N: prints a NestStep-C program of size N for
big-sum.test, big-elif.test and big-nesting.test; process 0 prints its
result, which the test checks.

  sum N      total = 0 + 1 + ... + 6 + 0 + 1 ... (N terms, i % 7) in a step
  elif N     an if with N - 1 else-if branches, the one taken near the end
  line N     one line with a step and then N private statements: every
             token of a line with generated text goes to its source column
  parens N   an expression inside N parentheses
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = ['#include <stdio.h>', '#include <stddef.h>', '', 'sh long total;', '',
       'int main(void)', '{']
if kind == 'sum':
    out += ['    step total = ' + ' + '.join(str(i % 7) for i in range(n)) + ';',
            '    if ($ == 0)', '        printf("sum %ld\\n", total);']
elif kind == 'elif':
    out += ['    int x = %d, r = -1;' % (n - 3), '    if (x == 0)', '        r = 0;']
    for i in range(1, n):
        out += ['    else if (x == %d)' % i, '        r = %d;' % (2 * i)]
    out += ['    else', '        r = -2;', '    step total = r;',
            '    if ($ == 0)', '        printf("elif %ld\\n", total);']
elif kind == 'line':
    out += ['    long y = 0;',
            '    step total = 1; ' + ' '.join('y += %d;' % (i % 7) for i in range(n)),
            '    if ($ == 0)', '        printf("line %ld %ld\\n", total, y);']
elif kind == 'parens':
    out += ['    long y = ' + '(' * n + '1' + ')' * n + ';',
            '    if ($ == 0)', '        printf("parens %ld\\n", y);']
out += ['    return 0;', '}']
print('\n'.join(out))
