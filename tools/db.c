#include "hostlog.h"
int cmd_db(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	die("db: not yet");
}
