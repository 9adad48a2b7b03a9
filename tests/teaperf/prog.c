/* A small bare-metal program whose symbols and line tables the teaperf
 * end-to-end test profiles (it is compiled, never run). */
int data[64];

int sum(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += data[i];
	return s;
}

void scale(int n)
{
	for (int i = 0; i < n; i++)
		data[i] *= 3;
}

volatile int sink;

void _start(void)
{
	scale(64);
	sink = sum(64);
	for (;;)
		;
}
