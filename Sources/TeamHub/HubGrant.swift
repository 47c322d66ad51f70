/// `idelivermobile grant ROLE`: gives a role exactly what a courier's
/// browser needs of the hub and nothing more: to connect, to read the
/// deliveries and the feed (`delivery`, `hub`) and the schema's version, and
/// to submit status changes through the intake function (`HubIntake`). It
/// cannot change a name or an address, add or delete a delivery, write the
/// log, or touch the schema or its version table. Whatever the role held on
/// the hub's tables before (older versions' README granted INSERT and
/// UPDATE on all of them) is taken back first, so the result is exactly this.
///
/// Only the hub's owner grants; a role that is the owner, a member of it, or
/// a superuser is refused, since no grant can limit it.
extension HubConnection {
    public func grant(to role: String) throws(HubError) {
        let found = try HubSchema.find(self)
        guard found.mayMigrate else {
            throw HubError(.permission, "only the hub's owner, \(found.owner), may grant roles on \(address); "
                + "this connection is role \(found.role)")
        }
        let facts = try execute("""
            SELECT r.rolsuper, pg_has_role(r.oid, o.oid, 'USAGE'), current_database()
            FROM pg_roles r, pg_roles o WHERE r.rolname = $1 AND o.rolname = $2
            """, [role, found.owner])
        guard facts.rows == 1 else {
            throw HubError(.noSuchRole, "there is no role \(role) on the server of \(address); make it first "
                + "(CREATE ROLE \(role) LOGIN, as a role allowed to make roles), then grant again")
        }
        if facts.text(0, 0) == "t" {
            throw HubError(.refused, "\(role) is a superuser, whom no grant limits; couriers need roles of their own")
        }
        if facts.text(0, 1) == "t" {
            throw HubError(.refused, "\(role) is \(found.owner) or a member of it, and so holds all of the owner's rights; "
                + "couriers need roles of their own")
        }
        let grantee = try quoted(identifier: role)
        let database = try quoted(identifier: facts.text(0, 2) ?? "")
        try transaction { () throws(HubError) in
            for statement in [
                "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM \(grantee)",
                "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM \(grantee)",
                "REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM \(grantee)",
                "REVOKE CREATE ON SCHEMA public FROM \(grantee)",
                "GRANT CONNECT ON DATABASE \(database) TO \(grantee)",
                "GRANT USAGE ON SCHEMA public TO \(grantee)",
                "GRANT SELECT ON delivery, hub, idm_schema_migration TO \(grantee)",
                "GRANT EXECUTE ON FUNCTION \(HubIntake.signature) TO \(grantee)",
            ] {
                try execute(statement)
            }
        }
    }
}
