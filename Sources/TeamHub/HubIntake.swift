import Foundation
import Model

/// The hub's intake of clients' status changes: one `SECURITY DEFINER`
/// function, the only way a courier's role (`HubGrant`) writes anything.
///
/// It checks the change (two of the four statuses, different ones), waits
/// for an import in progress (whose table lock it shares), takes the
/// delivery's row, and then:
/// - a change id it has seen gets the outcome it got then (a resend after a
///   lost acknowledgement is applied once);
/// - an unknown delivery is logged and said so;
/// - when the row's status is no longer the one the change was made
///   against, someone else's newer change stays: the change is logged as
///   rejected, with what was kept, and that is returned;
/// - otherwise it is applied: the next feed position (the `hub` row's lock
///   numbers changes in commit order), the row's status and author, the
///   log, and a NOTIFY with the position as a "go fetch".
/// The log records the caller's role (`session_user`: the definer's rights do
/// not hide who called), client and time, and the time the change was made.
enum HubIntake {
    /// The function, as GRANT and REVOKE name it.
    static let signature = "submit_status_change(uuid, text, text, text, text, timestamptz)"

    static let function = """
        CREATE OR REPLACE FUNCTION submit_status_change(
            p_change_id uuid, p_delivery_id text, p_based_on text, p_new_status text, p_client text, p_made_at timestamptz)
        RETURNS TABLE (outcome text, current_status text, current_revision bigint, by_role text, by_client text, by_at timestamptz)
        LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = pg_catalog, public, pg_temp
        AS $function$
        #variable_conflict use_column
        DECLARE
            target record;
            known boolean;
            seen record;
            next_revision bigint;
            statuses constant text[] := ARRAY['pending', 'out_for_delivery', 'delivered', 'failed'];
        BEGIN
            IF p_change_id IS NULL OR p_delivery_id IS NULL OR coalesce(p_client, '') = '' THEN
                RAISE EXCEPTION 'a status change needs its id, its delivery and its client' USING ERRCODE = '22004';
            END IF;
            IF p_based_on IS NULL OR p_new_status IS NULL OR NOT (p_based_on = ANY (statuses)) OR NOT (p_new_status = ANY (statuses)) THEN
                RAISE EXCEPTION 'a status is one of pending, out_for_delivery, delivered and failed (got % and %)', p_based_on, p_new_status
                    USING ERRCODE = '22023';
            END IF;
            IF p_based_on = p_new_status THEN
                RAISE EXCEPTION 'a status change changes the status (% to %)', p_based_on, p_new_status USING ERRCODE = '22023';
            END IF;
            -- An import holds the table against writers until it commits; wait for it before taking a row.
            LOCK TABLE public.delivery IN ROW EXCLUSIVE MODE;
            SELECT d.position, d.status, d.revision, d.changed_by, d.changed_client, d.changed_at INTO target
                FROM public.delivery d WHERE d.id = p_delivery_id FOR UPDATE;
            known := FOUND;
            SELECT s.outcome, s.new_status, s.revision, s.role, s.client, s.changed_at,
                   s.kept_status, s.kept_by, s.kept_client, s.kept_at INTO seen
                FROM public.status_change s WHERE s.change_id = p_change_id;
            IF FOUND THEN
                IF seen.outcome = 'applied' THEN
                    RETURN QUERY SELECT seen.outcome, seen.new_status, seen.revision, seen.role, seen.client, seen.changed_at;
                ELSE
                    RETURN QUERY SELECT seen.outcome, seen.kept_status, seen.revision, seen.kept_by, seen.kept_client, seen.kept_at;
                END IF;
                RETURN;
            END IF;
            IF NOT known THEN
                INSERT INTO public.status_change (change_id, delivery_id, old_status, new_status, client, role, made_at, outcome)
                VALUES (p_change_id, p_delivery_id, p_based_on, p_new_status, p_client, session_user, p_made_at, 'unknown_delivery')
                ON CONFLICT (change_id) DO NOTHING;
                RETURN QUERY SELECT 'unknown_delivery'::text, NULL::text, NULL::bigint, NULL::text, NULL::text, NULL::timestamptz;
                RETURN;
            END IF;
            IF target.status <> p_based_on THEN
                INSERT INTO public.status_change (change_id, delivery_id, old_status, new_status, client, role, made_at, outcome,
                                                  revision, kept_status, kept_by, kept_client, kept_at)
                VALUES (p_change_id, p_delivery_id, p_based_on, p_new_status, p_client, session_user, p_made_at, 'rejected',
                        target.revision, target.status, target.changed_by, target.changed_client, target.changed_at);
                RETURN QUERY SELECT 'rejected'::text, target.status, target.revision, target.changed_by, target.changed_client, target.changed_at;
                RETURN;
            END IF;
            UPDATE public.hub SET feed = feed + 1 RETURNING feed INTO next_revision;
            UPDATE public.delivery SET status = p_new_status, revision = next_revision, changed_by = session_user,
                changed_client = p_client, changed_at = now()
                WHERE position = target.position;
            INSERT INTO public.status_change (change_id, delivery_id, old_status, new_status, client, role, made_at, outcome, revision)
            VALUES (p_change_id, p_delivery_id, p_based_on, p_new_status, p_client, session_user, p_made_at, 'applied', next_revision);
            PERFORM pg_notify('\(HubSchema.channel)', next_revision::text);
            RETURN QUERY SELECT 'applied'::text, p_new_status, next_revision, session_user::text, p_client, now();
        END
        $function$
        """
}

extension HubConnection {
    /// Sends one status change to the hub's intake and returns what it did (see `HubIntake`).
    public func submit(_ change: HubChange) throws(HubError) -> HubOutcome {
        let result: HubResult
        do {
            result = try execute(
                "SELECT outcome, current_status, current_revision, by_role, by_client, by_at FROM submit_status_change($1, $2, $3, $4, $5, $6)",
                [change.changeID.uuidString, change.deliveryID, change.basedOn.rawValue, change.status.rawValue, clientID,
                 HubBinary.timestampText(change.madeAt)],
                binary: true)
        } catch where error.state?.hasPrefix("22") == true {
            // The function's own checks of the change (data exceptions).
            return .refused(error.message)
        } catch where error.kind == .permission {
            throw HubError(.permission, "\(error.message); the hub's owner lets role \(role) change statuses with: "
                + "idelivermobile grant \(role) --store URL")
        }
        guard result.rows == 1, let outcome = result.bytes(0, 0).map(HubBinary.text) else {
            throw HubError(.refused, "\(address) answered a status change with no outcome")
        }
        let revision = result.bytes(0, 2).map(HubBinary.int64) ?? 0
        switch outcome {
        case "applied":
            return .applied(revision: revision)
        case "rejected":
            guard let current = result.bytes(0, 1).map(HubBinary.text).flatMap(DeliveryStatus.init(rawValue:)) else {
                throw HubError(.refused, "\(address) rejected a status change without saying the status it kept")
            }
            return .rejected(current: current, by: Self.author(result, row: 0, columns: (3, 4, 5)), revision: revision)
        case "unknown_delivery":
            return .unknownDelivery
        default:
            throw HubError(.refused, "\(address) answered a status change with '\(outcome)', which this program does not know")
        }
    }

    /// The author in three binary columns (role, client, time), when they are there.
    static func author(_ result: HubResult, row: Int, columns: (role: Int, client: Int, at: Int)) -> HubAuthor? {
        guard let role = result.bytes(row, columns.role), let client = result.bytes(row, columns.client),
              let at = result.bytes(row, columns.at) else { return nil }
        return HubAuthor(role: HubBinary.text(role), clientID: HubBinary.text(client), at: HubBinary.date(at))
    }
}
