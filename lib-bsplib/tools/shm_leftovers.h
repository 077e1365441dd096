/*
 * shm_leftovers.h - what MPICH leaves in /dev/shm when a process of a job
 * is killed during MPI_Init, and its removal (shm_leftovers.c).
 */
#ifndef NESTSTEP_SHM_LEFTOVERS_H
#define NESTSTEP_SHM_LEFTOVERS_H

struct shm_names {
    char **names;
    int n;
};

/* Notes MPICH's start-up segments in /dev/shm before the job starts. */
void shm_note(struct shm_names *before);
/* After the job: removes each start-up segment that appeared since
 * shm_note, belongs to this user and that no process holds open or mapped
 * any more (a live job's segment is always held by its creator); one still
 * held is looked at again for up to 2 s, while the job's last processes
 * exit.  Returns how many it removed. */
int shm_remove_leftovers(struct shm_names *before);

#endif /* NESTSTEP_SHM_LEFTOVERS_H */
