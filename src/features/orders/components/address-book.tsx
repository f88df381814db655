import { MapPin, Plus, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { addressLines } from '@/utils/address';
import { useAddressBook, type AddressBookEntry } from '../api/address-book.ts';
import { addressSummary, deliveryProblems, draftOf, EMPTY_DELIVERY } from '../api/delivery-schema.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useMakeDefaultAddress } from '../api/make-default-address.ts';
import { AddressEditor } from './address-editor.tsx';

/**
 * The account's address book: every saved address with Edit, Delete (after a question) and Make
 * default; the default is what checkout offers first. Addresses also arrive here by ordering.
 */
export function AddressBook({ userId }: { userId: string }) {
  const book = useAddressBook(userId);
  const remove = useDeleteAddress(userId);
  const makeDefault = useMakeDefaultAddress(userId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  // Where focus goes once the list has redrawn: an address's Edit button, or Add.
  const [focusNext, setFocusNext] = useState<number | 'add' | null>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const deleteReturn = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (focusNext === null) return;
    const target = focusNext === 'add' ? addButton.current : editButtons.current.get(focusNext);
    if (target) {
      target.focus();
      setFocusNext(null);
    }
  }, [focusNext, book.data, editing]);

  const say = (message: string) => {
    setFailure('');
    setNotice(message);
  };

  if (book.isPending) return <SkeletonList label="Loading your addresses" count={2} rowClassName="h-24" />;
  if (book.isError) return <LoadError what="Your addresses" message={book.error.message} onRetry={() => void book.refetch()} />;

  const addresses = book.data;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm empty:hidden">
        {notice}
      </p>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      {addresses.length === 0 && editing !== 'new' ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-5 shrink-0" />
          No saved addresses yet. The addresses you order to are kept here, or add one now.
        </p>
      ) : null}
      {addresses.length > 0 ? (
        <ul aria-label="Saved addresses" className="flex flex-col gap-3">
          {addresses.map((address) => {
            const summary = addressSummary(address);
            const needsCorrecting = Object.keys(deliveryProblems(draftOf(address))).length > 0;
            return (
              <li
                key={address.id}
                className={
                  address.is_default
                    ? 'flex flex-col gap-3 rounded-md border border-primary bg-primary-soft p-4'
                    : 'flex flex-col gap-3 rounded-md border border-border p-4'
                }
              >
                {editing === address.id ? (
                  <AddressEditor
                    userId={userId}
                    id={address.id}
                    initial={draftOf(address)}
                    label={`Edit ${summary}`}
                    onDone={(id) => {
                      setEditing(null);
                      say('Address saved.');
                      setFocusNext(id);
                    }}
                    onCancel={() => {
                      setEditing(null);
                      setFocusNext(address.id);
                    }}
                  />
                ) : (
                  <>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <address className="flex flex-col text-sm not-italic">
                        {addressLines(address).map((line, index) => (
                          <span key={index} className={index === 0 ? 'font-medium' : 'text-muted-foreground'}>
                            {line}
                          </span>
                        ))}
                      </address>
                      {address.is_default ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
                          <Star aria-hidden="true" className="size-3.5" />
                          Default
                        </span>
                      ) : null}
                    </div>
                    {needsCorrecting ? (
                      <p className="text-sm text-danger">This address needs correcting before checkout can use it.</p>
                    ) : null}
                    <div className="flex flex-wrap gap-2">
                      <Button
                        ref={(button) => {
                          if (button) editButtons.current.set(address.id, button);
                          else editButtons.current.delete(address.id);
                        }}
                        type="button"
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit ${summary}`}
                        onClick={() => {
                          setNotice('');
                          setEditing(address.id);
                        }}
                      >
                        Edit
                      </Button>
                      {address.is_default ? null : (
                        <Button
                          type="button"
                          variant="secondary"
                          size="sm"
                          disabled={makeDefault.isPending}
                          aria-label={`Make default ${summary}`}
                          onClick={() =>
                            makeDefault.mutate(address.id, {
                              onSuccess: () => {
                                say(`${summary} is now your default address.`);
                                setFocusNext(address.id);
                              },
                              onError: (error) => setFailure(error.message),
                            })
                          }
                        >
                          Make default
                        </Button>
                      )}
                      <Button
                        type="button"
                        variant="subtle"
                        size="sm"
                        aria-label={`Delete ${summary}`}
                        onClick={(event) => {
                          deleteReturn.current = event.currentTarget;
                          setDeleting(address);
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <div className="rounded-md border border-border p-4">
          <AddressEditor
            userId={userId}
            id={null}
            initial={EMPTY_DELIVERY}
            label="New address"
            onDone={(id) => {
              setEditing(null);
              say('Address added.');
              setFocusNext(id);
            }}
            onCancel={() => {
              setEditing(null);
              setFocusNext('add');
            }}
          />
        </div>
      ) : (
        <Button
          ref={addButton}
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => {
            setNotice('');
            setEditing('new');
          }}
        >
          <Plus aria-hidden="true" />
          Add an address
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        returnFocusTo={deleteReturn}
        title="Delete this address?"
        description={deleting ? `${addressSummary(deleting)} will no longer be offered at checkout. Orders sent there keep it.` : ''}
        keepLabel="Keep address"
        confirmLabel="Delete address"
        confirmVariant="danger"
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          remove.mutate(gone.id, {
            onSuccess: () => {
              say(`${addressSummary(gone)} was deleted.`);
              deleteReturn.current = addButton.current;
              setFocusNext('add');
            },
            onError: (error) => setFailure(error.message),
          });
        }}
      />
    </div>
  );
}
