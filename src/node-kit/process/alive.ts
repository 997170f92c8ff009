/**
 * Whether a process with this id exists: what a lock or a published address left by a process
 * that crashed is told apart by. EPERM means it exists but belongs to another user.
 */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
