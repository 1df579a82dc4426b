/* An empty program: linking it with an object proves that every function
 * the object calls resolves with what its header's "link:" line names. */
int main(void) { return 0; }
