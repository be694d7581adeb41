/** What every tab of /Clients/{id} is given: the client's id (already checked: a finite number > 0). */
export interface ClientTabProps {
  clientId: number;
}
