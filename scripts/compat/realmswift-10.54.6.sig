# RealmSwift 10.54.6 signature facts (normalized types, no code or documentation), written by scripts/compat/signatures.py --refresh
AnyRealmValue.swift	AnyRealmValue	bool	case	params=(Bool)
AnyRealmValue.swift	AnyRealmValue	boolValue	var	type=Bool?	access=get
AnyRealmValue.swift	AnyRealmValue	data	case	params=(Data)
AnyRealmValue.swift	AnyRealmValue	dataValue	var	type=Data?	access=get
AnyRealmValue.swift	AnyRealmValue	date	case	params=(Date)
AnyRealmValue.swift	AnyRealmValue	dateValue	var	type=Date?	access=get
AnyRealmValue.swift	AnyRealmValue	decimal128	case	params=(Decimal128)
AnyRealmValue.swift	AnyRealmValue	decimal128Value	var	type=Decimal128?	access=get
AnyRealmValue.swift	AnyRealmValue	dictionary	case	params=(Map<String, AnyRealmValue>)
AnyRealmValue.swift	AnyRealmValue	dictionaryValue	var	type=Map<String, AnyRealmValue>?	access=get
AnyRealmValue.swift	AnyRealmValue	double	case	params=(Double)
AnyRealmValue.swift	AnyRealmValue	doubleValue	var	type=Double?	access=get
AnyRealmValue.swift	AnyRealmValue	dynamicObject	var	type=DynamicObject?	access=get
AnyRealmValue.swift	AnyRealmValue	float	case	params=(Float)
AnyRealmValue.swift	AnyRealmValue	floatValue	var	type=Float?	access=get
AnyRealmValue.swift	AnyRealmValue	fromArray(_:)	func	static=static	params=([AnyRealmValue])	result=AnyRealmValue
AnyRealmValue.swift	AnyRealmValue	fromDictionary(_:)	func	static=static	params=([String:AnyRealmValue])	result=AnyRealmValue
AnyRealmValue.swift	AnyRealmValue	hash(into:)	func	params=(inout Hasher)	result=Void
AnyRealmValue.swift	AnyRealmValue	init()	init	params=()
AnyRealmValue.swift	AnyRealmValue	int	case	params=(Int)
AnyRealmValue.swift	AnyRealmValue	intValue	var	type=Int?	access=get
AnyRealmValue.swift	AnyRealmValue	list	case	params=(List<AnyRealmValue>)
AnyRealmValue.swift	AnyRealmValue	listValue	var	type=List<AnyRealmValue>?	access=get
AnyRealmValue.swift	AnyRealmValue	none	case
AnyRealmValue.swift	AnyRealmValue	object	case	params=(Object)
AnyRealmValue.swift	AnyRealmValue	object(_:)	func	params=(T1.Type)	result=T1?	where=T1: Object
AnyRealmValue.swift	AnyRealmValue	objectId	case	params=(ObjectId)
AnyRealmValue.swift	AnyRealmValue	objectIdValue	var	type=ObjectId?	access=get
AnyRealmValue.swift	AnyRealmValue	string	case	params=(String)
AnyRealmValue.swift	AnyRealmValue	stringValue	var	type=String?	access=get
AnyRealmValue.swift	AnyRealmValue	uuid	case	params=(UUID)
AnyRealmValue.swift	AnyRealmValue	uuidValue	var	type=UUID?	access=get
App.swift	APIKeyAuth	createAPIKey(named:)	func	params=(String)	result=Future<UserAPIKey, Error>
App.swift	APIKeyAuth	createAPIKey(named:completion:)	func	params=(String, (Result<UserAPIKey, Error>)->Void)	result=Void
App.swift	APIKeyAuth	deleteAPIKey(_:)	func	params=(ObjectId)	result=Future<Void, Error>
App.swift	APIKeyAuth	disableAPIKey(_:)	func	params=(ObjectId)	result=Future<Void, Error>
App.swift	APIKeyAuth	enableAPIKey(_:)	func	params=(ObjectId)	result=Future<Void, Error>
App.swift	APIKeyAuth	fetchAPIKey(_:)	func	params=(ObjectId)	result=Future<UserAPIKey, Error>
App.swift	APIKeyAuth	fetchAPIKey(_:_:)	func	params=(ObjectId, (Result<UserAPIKey, Error>)->Void)	result=Void
App.swift	APIKeyAuth	fetchAPIKeys()	func	params=()	result=Future<[UserAPIKey], Error>
App.swift	APIKeyAuth	fetchAPIKeys(_:)	func	params=((Result<[UserAPIKey], Error>)->Void)	result=Void
App.swift	App	login(credentials:)	func	params=(Credentials)	effects=async throws	result=User
App.swift	App	login(credentials:)	func	params=(Credentials)	result=Future<User, Error>
App.swift	App	login(credentials:_:)	func	params=(Credentials, (Result<User, Error>)->Void)	result=Void
App.swift	App	objectWillChange	var	type=AppPublisher	access=get
App.swift	App	setASAuthorizationControllerDelegate(for:)	func	params=(ASAuthorizationController)	result=Void
App.swift	App	updateBaseUrl(to:)	func	params=(String?)	effects=async throws	result=Void
App.swift	App	updateBaseUrl(to:)	func	params=(String?)	result=Future<Void, Error>
App.swift	App	updateBaseUrl(to:_:)	func	params=(String?, (Error?)->Void)	result=Void
App.swift	App	updateBaseUrl(to:_:)	func	params=(String?, (Result<Void, Error>)->Void)	result=Void
App.swift	AppConfiguration	init(baseURL:transport:defaultRequestTimeoutMS:enableSessionMultiplexing:syncTimeouts:)	init	params=(String?, RLMNetworkTransport?, UInt?, Bool?, SyncTimeoutOptions?)	defaults=0,1,2,3,4
App.swift	AppConfiguration	init(baseURL:transport:localAppName:localAppVersion:defaultRequestTimeoutMS:enableSessionMultiplexing:syncTimeouts:)	init	params=(String?, RLMNetworkTransport?, String?, String?, UInt?, Bool?, SyncTimeoutOptions?)	defaults=0,1,4,5,6
App.swift	AppPublisher	receive(on:)	func	params=(T1)	result=Self	where=T1: Scheduler
App.swift	AppPublisher	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Sendable, T1: Subscriber
App.swift	AppSubscription	cancel()	func	params=()	result=Void
App.swift	AppSubscription	combineIdentifier	var	type=CombineIdentifier	access=get
App.swift	AppSubscription	request(_:)	func	params=(Subscribers.Demand)	result=Void
App.swift	Credentials	anonymous	case
App.swift	Credentials	apple	case	params=(String)
App.swift	Credentials	emailPassword	case	params=(String, String)
App.swift	Credentials	facebook	case	params=(String)
App.swift	Credentials	function	case	params=(Document)
App.swift	Credentials	google	case	params=(String)
App.swift	Credentials	googleId	case	params=(String)
App.swift	Credentials	jwt	case	params=(String)
App.swift	Credentials	serverAPIKey	case	params=(String)
App.swift	Credentials	userAPIKey	case	params=(String)
App.swift	EmailPasswordAuth	callResetPasswordFunction(email:password:args:)	func	params=(String, String, [AnyBSON])	effects=async throws	result=Void
App.swift	EmailPasswordAuth	callResetPasswordFunction(email:password:args:)	func	params=(String, String, [AnyBSON])	result=Future<Void, Error>
App.swift	EmailPasswordAuth	callResetPasswordFunction(email:password:args:_:)	func	params=(String, String, [AnyBSON], EmailPasswordAuthOptionalErrorBlock)	result=Void
App.swift	EmailPasswordAuth	confirmUser(_:tokenId:)	func	params=(String, String)	result=Future<Void, Error>
App.swift	EmailPasswordAuth	registerUser(email:password:)	func	params=(String, String)	result=Future<Void, Error>
App.swift	EmailPasswordAuth	resendConfirmationEmail(email:)	func	params=(String)	result=Future<Void, Error>
App.swift	EmailPasswordAuth	resetPassword(to:token:tokenId:)	func	params=(String, String, String)	result=Future<Void, Error>
App.swift	EmailPasswordAuth	retryCustomConfirmation(email:)	func	params=(String)	result=Future<Void, Error>
App.swift	EmailPasswordAuth	sendResetPasswordEmail(email:)	func	params=(String)	result=Future<Void, Error>
App.swift	PushClient	deregisterDevice(user:)	func	params=(User)	result=Future<Void, Error>
App.swift	PushClient	registerDevice(token:user:)	func	params=(String, User)	result=Future<Void, Error>
App.swift	UserAPIKey	objectId	var	type=ObjectId	access=get
App.swift	UserProfile	metadata	var	type=Document	access=get
AsymmetricObject.swift	AsymmetricObject	description	var	type=String	access=get
AsymmetricObject.swift	AsymmetricObject	init(value:)	init	params=(Any)
AsymmetricObject.swift	AsymmetricObject	objectSchema	var	type=ObjectSchema	access=get
AsymmetricObject.swift	AsymmetricObject	propertiesMapping()	func	static=static	params=()	result=[String:String]
AsymmetricObject.swift	AsymmetricObject	subscript(_:)	subscript	params=(String)	result=Any?
BSON.swift	AnyBSON	array	case	params=([AnyBSON?])
BSON.swift	AnyBSON	arrayValue	var	type=[AnyBSON?]?	access=get
BSON.swift	AnyBSON	asDecimal128()	func	params=()	result=Decimal128?
BSON.swift	AnyBSON	asDouble()	func	params=()	result=Double?
BSON.swift	AnyBSON	asInt()	func	params=()	result=Int?
BSON.swift	AnyBSON	asInt32()	func	params=()	result=Int32?
BSON.swift	AnyBSON	asInt64()	func	params=()	result=Int64?
BSON.swift	AnyBSON	binary	case	params=(Data)
BSON.swift	AnyBSON	binaryValue	var	type=Data?	access=get
BSON.swift	AnyBSON	bool	case	params=(Bool)
BSON.swift	AnyBSON	boolValue	var	type=Bool?	access=get
BSON.swift	AnyBSON	dateValue	var	type=Date?	access=get
BSON.swift	AnyBSON	datetime	case	params=(Date)
BSON.swift	AnyBSON	decimal128	case	params=(Decimal128)
BSON.swift	AnyBSON	decimal128Value	var	type=Decimal128?	access=get
BSON.swift	AnyBSON	document	case	params=(Document)
BSON.swift	AnyBSON	documentValue	var	type=Document?	access=get
BSON.swift	AnyBSON	double	case	params=(Double)
BSON.swift	AnyBSON	doubleValue	var	type=Double?	access=get
BSON.swift	AnyBSON	init(_:)	init	params=(Int)
BSON.swift	AnyBSON	init(_:)	init	params=(T1)	where=T1: BSON
BSON.swift	AnyBSON	init(arrayLiteral:)	init	params=(AnyBSON?...)
BSON.swift	AnyBSON	init(booleanLiteral:)	init	params=(Bool)
BSON.swift	AnyBSON	init(dictionaryLiteral:)	init	params=((String, AnyBSON?)...)
BSON.swift	AnyBSON	init(floatLiteral:)	init	params=(Double)
BSON.swift	AnyBSON	init(integerLiteral:)	init	params=(Int)
BSON.swift	AnyBSON	init(stringLiteral:)	init	params=(String)
BSON.swift	AnyBSON	int32	case	params=(Int32)
BSON.swift	AnyBSON	int32Value	var	type=Int32?	access=get
BSON.swift	AnyBSON	int64	case	params=(Int64)
BSON.swift	AnyBSON	int64Value	var	type=Int64?	access=get
BSON.swift	AnyBSON	isNull	var	type=Bool	access=get
BSON.swift	AnyBSON	maxKey	case
BSON.swift	AnyBSON	minKey	case
BSON.swift	AnyBSON	null	case
BSON.swift	AnyBSON	objectId	case	params=(ObjectId)
BSON.swift	AnyBSON	objectIdValue	var	type=ObjectId?	access=get
BSON.swift	AnyBSON	regex	case	params=(NSRegularExpression)
BSON.swift	AnyBSON	regexValue	var	type=NSRegularExpression?	access=get
BSON.swift	AnyBSON	string	case	params=(String)
BSON.swift	AnyBSON	stringValue	var	type=String?	access=get
BSON.swift	AnyBSON	timestamp	case	params=(Date)
BSON.swift	AnyBSON	timestampValue	var	type=Date?	access=get
BSON.swift	AnyBSON	uuid	case	params=(UUID)
BSON.swift	AnyBSON	uuidValue	var	type=UUID?	access=get
BSON.swift	AnyBSON	value()	func	params=()	result=T1?	where=T1: BSON
Combine.swift		changesetPublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.CollectionChangeset<T1>	where=T1: RealmCollection
Combine.swift		changesetPublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.ObjectChangeset<T1>	where=T1: Object
Combine.swift		changesetPublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.ObjectChangeset<T1>	where=T1: ProjectionObservable
Combine.swift		valuePublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.Value<T1>	where=T1: Object
Combine.swift		valuePublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.Value<T1>	where=T1: ProjectionObservable
Combine.swift		valuePublisher(_:keyPaths:)	func	params=(T1, [String]?)	defaults=1	result=RealmPublishers.Value<T1>	where=T1: RealmCollection
Combine.swift	AsyncOpenSubscription	cancel()	func	params=()	result=Void
Combine.swift	AsyncOpenSubscription	combineIdentifier	var	type=CombineIdentifier	access=get
Combine.swift	AsyncOpenSubscription	request(_:)	func	params=(Subscribers.Demand)	result=Void
Combine.swift	EmbeddedObject	objectWillChange	var	type=RealmPublishers.WillChange<EmbeddedObject>	access=get
Combine.swift	LinkingObjects	objectWillChange	var	type=RealmPublishers.WillChange<LinkingObjects>	access=get
Combine.swift	List	objectWillChange	var	type=RealmPublishers.WillChange<List>	access=get
Combine.swift	Map	objectWillChange	var	type=RealmPublishers.WillChange<Map>	access=get
Combine.swift	MutableSet	objectWillChange	var	type=RealmPublishers.WillChange<MutableSet>	access=get
Combine.swift	Object	objectWillChange	var	type=RealmPublishers.WillChange<Object>	access=get
Combine.swift	ObjectKeyIdentifiable	id	var	type=UInt64	access=get
Combine.swift	ObservationSubscription	cancel()	func	params=()	result=Void
Combine.swift	ObservationSubscription	combineIdentifier	var	type=CombineIdentifier	access=get
Combine.swift	ObservationSubscription	request(_:)	func	params=(Subscribers.Demand)	result=Void
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, ObjectChange<T1>>	where=Output==ObjectChange<T1>, T1: Object
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, ObjectChange<T1>>	where=Output==ObjectChange<T1>, T1: ProjectionObservable, T1: ThreadConfined
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, RealmCollectionChange<T1>>	where=Output==RealmCollectionChange<T1>, T1: RealmCollection
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, RealmMapChange<T1>>	where=Output==RealmMapChange<T1>, T1: RealmKeyedCollection
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, SectionedResultsChange<T1>>	where=Output==SectionedResultsChange<T1>, T1: RealmSectionedResult
Combine.swift	Publisher	freeze()	func	params=()	result=Publishers.Map<Self, T1>	where=T1==Output
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafe<Self>
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafeCollectionChangeset<Self, T1>	where=Output==RealmCollectionChange<T1>, T1: RealmCollection
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafeKeyedCollectionChangeset<Self, T1>	where=Output==RealmMapChange<T1>, T1: RealmKeyedCollection
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafeObjectChangeset<Self, T1>	where=Output==ObjectChange<T1>, T1: Object
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafeObjectChangeset<Self, T1>	where=Output==ObjectChange<T1>, T1: ProjectionObservable, T1: ThreadConfined
Combine.swift	Publisher	threadSafeReference()	func	params=()	result=RealmPublishers.MakeThreadSafeSectionedResultsChangeset<Self, T1>	where=Output==SectionedResultsChange<T1>, T1: RealmSectionedResult
Combine.swift	Realm	objectWillChange	var	type=RealmPublishers.RealmWillChange	access=get
Combine.swift	RealmCollection	changesetPublisher	var	type=RealmPublishers.CollectionChangeset<Self>	access=get
Combine.swift	RealmCollection	changesetPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.CollectionChangeset<Self>
Combine.swift	RealmCollection	collectionPublisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	RealmCollection	collectionPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.Value<Self>
Combine.swift	RealmCollection	objectWillChange	var	type=RealmPublishers.WillChange<Self>	access=get
Combine.swift	RealmCollection	publisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	RealmKeyedCollection	changesetPublisher	var	type=RealmPublishers.MapChangeset<Self>	access=get
Combine.swift	RealmKeyedCollection	changesetPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.MapChangeset<Self>
Combine.swift	RealmKeyedCollection	collectionPublisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	RealmKeyedCollection	collectionPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.Value<Self>
Combine.swift	RealmKeyedCollection	objectWillChange	var	type=RealmPublishers.WillChange<Self>	access=get
Combine.swift	RealmKeyedCollection	publisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	RealmPublishers.AsyncOpenPublisher	onProgressNotification(_:)	func	params=((SyncSession.Progress)->Void)	result=Self
Combine.swift	RealmPublishers.AsyncOpenPublisher	receive(on:)	func	params=(T1)	result=Self	where=T1: Scheduler
Combine.swift	RealmPublishers.AsyncOpenPublisher	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.CollectionChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverCollectionChangeset<Self, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.CollectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.CollectionChangeset	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=CollectionChangesetWithToken<Collection, T1>
Combine.swift	RealmPublishers.CollectionChangeset	subscribe(on:)	func	params=(T1)	result=CollectionChangeset<Collection>	where=T1: Scheduler
Combine.swift	RealmPublishers.CollectionChangesetWithToken	receive(on:)	func	params=(T1)	result=DeferredHandoverCollectionChangeset<CollectionChangesetWithToken, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.CollectionChangesetWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.CollectionChangesetWithToken	subscribe(on:)	func	params=(T1)	result=CollectionChangesetWithToken<Collection, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.DeferredHandover	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.DeferredHandoverCollectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.DeferredHandoverKeyedCollectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.DeferredHandoverObjectChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.DeferredHandoverSectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.DeferredHandoverSectionedResultsChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.Handover	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MakeThreadSafe	receive(on:)	func	params=(T1)	result=DeferredHandover<Upstream, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MakeThreadSafe	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MakeThreadSafeCollectionChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverCollectionChangeset<Upstream, T, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MakeThreadSafeCollectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MakeThreadSafeKeyedCollectionChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverKeyedCollectionChangeset<Upstream, T, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MakeThreadSafeKeyedCollectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MakeThreadSafeObjectChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverObjectChangeset<Upstream, T, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MakeThreadSafeObjectChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MakeThreadSafeSectionedResultsChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverSectionedResultsChangeset<Upstream, T, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MakeThreadSafeSectionedResultsChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.MapChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverKeyedCollectionChangeset<Self, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MapChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.MapChangeset	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=MapChangesetWithToken<Collection, T1>
Combine.swift	RealmPublishers.MapChangeset	subscribe(on:)	func	params=(T1)	result=MapChangeset<Collection>	where=T1: Scheduler
Combine.swift	RealmPublishers.MapChangesetWithToken	receive(on:)	func	params=(T1)	result=DeferredHandoverKeyedCollectionChangeset<MapChangesetWithToken, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.MapChangesetWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.MapChangesetWithToken	subscribe(on:)	func	params=(T1)	result=MapChangesetWithToken<Collection, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.ObjectChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverObjectChangeset<Self, O, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.ObjectChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.ObjectChangeset	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=ObjectChangesetWithToken<O, T1>
Combine.swift	RealmPublishers.ObjectChangeset	subscribe(on:)	func	params=(T1)	result=ObjectChangeset<O>	where=T1: Scheduler
Combine.swift	RealmPublishers.ObjectChangesetWithToken	receive(on:)	func	params=(T1)	result=DeferredHandoverObjectChangeset<ObjectChangesetWithToken, T, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.ObjectChangesetWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.ObjectChangesetWithToken	subscribe(on:)	func	params=(T1)	result=ObjectChangesetWithToken<O, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.RealmWillChange	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.RealmWillChange	saveToken(on:for:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=RealmWillChangeWithToken<T1>
Combine.swift	RealmPublishers.RealmWillChangeWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.SectionChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverSectionedResultsChangeset<Self, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.SectionChangeset	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=SectionedResultsChangesetWithToken<Collection, T1>
Combine.swift	RealmPublishers.SectionChangeset	subscribe(on:)	func	params=(T1)	result=SectionedResultsChangeset<Collection>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionChangesetWithToken	receive(on:)	func	params=(T1)	result=DeferredHandoverSectionChangeset<SectionChangesetWithToken, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionChangesetWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.SectionChangesetWithToken	subscribe(on:)	func	params=(T1)	result=SectionedResultsChangesetWithToken<Collection, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionedResultsChangeset	receive(on:)	func	params=(T1)	result=DeferredHandoverSectionedResultsChangeset<Self, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionedResultsChangeset	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.SectionedResultsChangeset	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=SectionedResultsChangesetWithToken<Collection, T1>
Combine.swift	RealmPublishers.SectionedResultsChangeset	subscribe(on:)	func	params=(T1)	result=SectionedResultsChangeset<Collection>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionedResultsChangesetWithToken	receive(on:)	func	params=(T1)	result=DeferredHandoverSectionedResultsChangeset<SectionedResultsChangesetWithToken, Collection, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.SectionedResultsChangesetWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.SectionedResultsChangesetWithToken	subscribe(on:)	func	params=(T1)	result=SectionedResultsChangesetWithToken<Collection, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.Value	receive(on:)	func	params=(T1)	result=RealmPublishers.Handover<Self, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.Value	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.Value	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=ValueWithToken<Subscribable, T1>
Combine.swift	RealmPublishers.Value	subscribe(on:)	func	params=(T1)	result=Value<Subscribable>	where=T1: Scheduler
Combine.swift	RealmPublishers.ValueWithToken	receive(on:)	func	params=(T1)	result=Handover<ValueWithToken, T1>	where=T1: Scheduler
Combine.swift	RealmPublishers.ValueWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Failure, T1: Subscriber
Combine.swift	RealmPublishers.ValueWithToken	subscribe(on:)	func	params=(T1)	result=ValueWithToken<Subscribable, T>	where=T1: Scheduler
Combine.swift	RealmPublishers.WillChange	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	RealmPublishers.WillChange	saveToken(on:at:)	func	params=(T1, WritableKeyPath<T1, NotificationToken?>)	result=WillChangeWithToken<Collection, T1>
Combine.swift	RealmPublishers.WillChangeWithToken	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Combine.swift	Results	objectWillChange	var	type=RealmPublishers.WillChange<Results>	access=get
Combine.swift	ResultsSection	changesetPublisher	var	type=RealmPublishers.SectionChangeset<Self>	access=get
Combine.swift	ResultsSection	changesetPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.SectionChangeset<Self>
Combine.swift	ResultsSection	collectionPublisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	ResultsSection	collectionPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.Value<Self>
Combine.swift	ResultsSection	objectWillChange	var	type=RealmPublishers.WillChange<ResultsSection>	access=get
Combine.swift	SectionedResults	changesetPublisher	var	type=RealmPublishers.SectionedResultsChangeset<Self>	access=get
Combine.swift	SectionedResults	changesetPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.SectionedResultsChangeset<Self>
Combine.swift	SectionedResults	collectionPublisher	var	type=RealmPublishers.Value<Self>	access=get
Combine.swift	SectionedResults	collectionPublisher(keyPaths:)	func	params=([String]?)	result=RealmPublishers.Value<Self>
Combine.swift	SectionedResults	objectWillChange	var	type=RealmPublishers.WillChange<SectionedResults>	access=get
CustomPersistable.swift	CustomPersistable	hash(into:)	func	params=(inout Hasher)	result=Void
CustomPersistable.swift	CustomPersistable	init(persistedValue:)	init	params=(PersistedType)
CustomPersistable.swift	CustomPersistable	persistableValue	var	type=PersistedType	access=get
CustomPersistable.swift	FailableCustomPersistable	hash(into:)	func	params=(inout Hasher)	result=Void
CustomPersistable.swift	FailableCustomPersistable	init(persistedValue:)	init	params=(PersistedType)	result=Self?
CustomPersistable.swift	FailableCustomPersistable	persistableValue	var	type=PersistedType	access=get
Decimal128.swift	Decimal128	*(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	*=(lhs:rhs:)	func	static=static	params=(inout Decimal128, Decimal128)	result=Void
Decimal128.swift	Decimal128	+(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	-(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	/(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	<(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Bool
Decimal128.swift	Decimal128	<=(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Bool
Decimal128.swift	Decimal128	==(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Bool
Decimal128.swift	Decimal128	>(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Bool
Decimal128.swift	Decimal128	>=(lhs:rhs:)	func	static=static	params=(Decimal128, Decimal128)	result=Bool
Decimal128.swift	Decimal128	advanced(by:)	func	params=(Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	distance(to:)	func	params=(Decimal128)	result=Decimal128
Decimal128.swift	Decimal128	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
Decimal128.swift	Decimal128	init()	init	params=()
Decimal128.swift	Decimal128	init(exactly:)	init	params=(T1)	result=Self?	where=T1: BinaryInteger
Decimal128.swift	Decimal128	init(floatLiteral:)	init	params=(Double)
Decimal128.swift	Decimal128	init(from:)	init	params=(Decoder)	effects=throws
Decimal128.swift	Decimal128	init(integerLiteral:)	init	params=(Int64)
Decimal128.swift	Decimal128	init(number:)	init	params=(NSNumber)
Decimal128.swift	Decimal128	init(string:)	init	params=(String)	effects=throws
Decimal128.swift	Decimal128	init(stringLiteral:)	init	params=(String)
Decimal128.swift	Decimal128	init(value:)	init	params=(Any)
Decimal128.swift	Decimal128	isSignaling	var	type=Bool	access=get
Decimal128.swift	Decimal128	isSignalingNaN	var	type=Bool	access=get
Decimal128.swift	Decimal128	magnitude	var	type=Magnitude	access=get
Decimal128.swift	Decimal128	max	var	static=static	type=Decimal128	access=get
Decimal128.swift	Decimal128	min	var	static=static	type=Decimal128	access=get
EmbeddedObject.swift	EmbeddedObject	description	var	type=String	access=get
EmbeddedObject.swift	EmbeddedObject	dynamicList(_:)	func	params=(String)	result=List<DynamicObject>
EmbeddedObject.swift	EmbeddedObject	freeze()	func	params=()	result=Self
EmbeddedObject.swift	EmbeddedObject	ignoredProperties()	func	static=static	params=()	result=[String]
EmbeddedObject.swift	EmbeddedObject	init(value:)	init	params=(Any)
EmbeddedObject.swift	EmbeddedObject	isEmbedded()	func	static=static	params=()	result=Bool
EmbeddedObject.swift	EmbeddedObject	isFrozen	var	type=Bool	access=get
EmbeddedObject.swift	EmbeddedObject	isInvalidated	var	type=Bool	access=get
EmbeddedObject.swift	EmbeddedObject	isSameObject(as:)	func	params=(EmbeddedObject?)	result=Bool
EmbeddedObject.swift	EmbeddedObject	objectSchema	var	type=ObjectSchema	access=get
EmbeddedObject.swift	EmbeddedObject	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<T2>], T1, (isolated T1, ObjectChange<T2>)->Void)	effects=async	result=NotificationToken	where=T1: Actor, T2: Object
EmbeddedObject.swift	EmbeddedObject	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, ObjectChange<T2>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor, T2: Object
EmbeddedObject.swift	EmbeddedObject	observe(on:_:)	func	params=(DispatchQueue?, (ObjectChange<T1>)->Void)	defaults=0	result=NotificationToken	where=T1: RLMObjectBase
EmbeddedObject.swift	EmbeddedObject	propertiesMapping()	func	static=static	params=()	result=[String:String]
EmbeddedObject.swift	EmbeddedObject	realm	var	type=Realm?	access=get
EmbeddedObject.swift	EmbeddedObject	subscript(_:)	subscript	params=(String)	result=Any?
EmbeddedObject.swift	EmbeddedObject	thaw()	func	params=()	result=Self?
Error.swift		==(lhs:rhs:)	func	params=(Error, Error)	result=Bool
Error.swift	Realm.Error	callFailed	let	static=static	type=?	access=get
Error.swift	Realm.Error	fileURL	var	type=URL?	access=get
Events.swift	CustomEventRepresentable	customEventRepresentation()	func	params=()	result=String
Events.swift	EventConfiguration	errorHandler	var	type=((Error)->Void)?	access=get set
Events.swift	EventConfiguration	init(metadata:syncUser:partitionPrefix:logger:errorHandler:)	init	params=([String:String]?, User?, String, LoggerFunction?, ((Error)->Void)?)	defaults=0,1,2,3,4
Events.swift	EventConfiguration	logger	var	type=LoggerFunction?	access=get set
Events.swift	EventConfiguration	metadata	var	type=[String:String]?	access=get set
Events.swift	EventConfiguration	partitionPrefix	var	type=String	access=get set
Events.swift	EventConfiguration	syncUser	var	type=User?	access=get set
Events.swift	Events	beginScope(activity:)	func	params=(String)	result=Scope
Events.swift	Events	endScope()	func	params=()	result=Future<Void, Error>
Events.swift	Events	endScope(completion:)	func	params=(((Error?)->Void)?)	defaults=0	result=Void
Events.swift	Events	recordEvent(activity:eventType:data:)	func	params=(String, String?, String?)	defaults=1,2	result=Future<Void, Error>
Events.swift	Events	recordEvent(activity:eventType:data:completion:)	func	params=(String, String?, String?, ((Error?)->Void)?)	defaults=1,2,3	result=Void
Events.swift	Events	updateMetadata(_:)	func	params=([String:String])	result=Void
Events.swift	Events.Scope	cancel()	func	params=()	result=Void
Events.swift	Events.Scope	commit()	func	params=()	result=Future<Void, Error>
Events.swift	Events.Scope	commit(completion:)	func	params=(((Error?)->Void)?)	defaults=0	result=Void
Events.swift	Events.Scope	isActive	var	type=Bool	access=get
Events.swift	Realm	events	var	type=Events?	access=get
Geospatial.swift	GeoBox	init(bottomLeft:topRight:)	init	params=((Double, Double), (Double, Double))	result=Self?
Geospatial.swift	GeoCircle	init(center:radius:)	init	params=((Double, Double), Distance)	result=Self?
Geospatial.swift	GeoCircle	init(center:radiusInRadians:)	init	params=((Double, Double), Double)	result=Self?
Geospatial.swift	GeoPolygon	init(outerRing:holes:)	init	params=([(Double, Double)], [(Double, Double)]...)	result=Self?
Geospatial.swift	GeoPolygon	init(outerRing:holes:)	init	params=([(Double, Double)], [[(Double, Double)]])	defaults=1	result=Self?
LinkingObjects.swift	LinkingObjects	==(lhs:rhs:)	func	static=static	params=(LinkingObjects<Element>, LinkingObjects<Element>)	result=Bool
LinkingObjects.swift	LinkingObjects	description	var	type=String	access=get
LinkingObjects.swift	LinkingObjects	init(fromType:property:)	init	params=(Element.Type, String)
LinkingObjects.swift	LinkingObjects	makeIterator()	func	params=()	result=RLMIterator<Element>
LinkingObjects.swift	LinkingObjects	subscript(_:)	subscript	params=(Int)	result=Element
List.swift	List	append(_:)	func	params=(Element)	result=Void
List.swift	List	append(objectsIn:)	func	params=(T1)	result=Void	where=T1.Iterator.Element==Element, T1: Sequence
List.swift	List	description	var	type=String	access=get
List.swift	List	init()	init	params=()
List.swift	List	init(collection:)	init	params=(RLMCollection)
List.swift	List	init(from:)	init	params=(Decoder)	effects=throws
List.swift	List	insert(_:at:)	func	params=(Element, Int)	result=Void
List.swift	List	insert(contentsOf:at:)	func	params=(T1, Int)	result=Void	where=T1.Iterator.Element==Element, T1: Collection
List.swift	List	makeIterator()	func	params=()	result=RLMIterator<Element>
List.swift	List	move(from:to:)	func	params=(Int, Int)	result=Void
List.swift	List	move(fromOffsets:toOffset:)	func	params=(IndexSet, Int)	result=Void
List.swift	List	remove(at:)	func	params=(Int)	result=Void
List.swift	List	remove(atOffsets:)	func	params=(IndexSet)	result=Void
List.swift	List	removeAll()	func	params=()	result=Void
List.swift	List	removeFirst(_:)	func	params=(Int)	defaults=0	result=Void
List.swift	List	removeLast(_:)	func	params=(Int)	defaults=0	result=Void
List.swift	List	removeSubrange(_:)	func	params=(T1)	result=Void	where=List<Element>.Index==T1.Bound, T1: RangeExpression
List.swift	List	replace(index:object:)	func	params=(Int, Element)	result=Void
List.swift	List	replaceSubrange(_:with:)	func	params=(T2, T1)	result=Void	where=List<Element>.Index==T2.Bound, T1.Iterator.Element==Element, T1: Collection, T2: RangeExpression
List.swift	List	subscript(_:)	subscript	params=(Int)	result=Element
List.swift	List	subscript(_:)	subscript	params=(Range<Int>)	result=SubSequence
List.swift	List	swapAt(_:_:)	func	params=(Int, Int)	result=Void
List.swift	List	value(forKey:)	func	params=(String)	result=[AnyObject]
List.swift	List	value(forKeyPath:)	func	params=(String)	result=[AnyObject]
Map.swift	Map	asKeyValueSequence()	func	params=()	result=KeyValueSequence
Map.swift	Map	average(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
Map.swift	Map	contains(where:)	func	params=((_ key:Key, _ value:Value)->Bool)	result=Bool
Map.swift	Map	count	var	type=Int	access=get
Map.swift	Map	description	var	type=String	access=get
Map.swift	Map	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
Map.swift	Map	filter(_:)	func	params=(NSPredicate)	result=Results<Value>
Map.swift	Map	freeze()	func	params=()	result=Map
Map.swift	Map	init()	init	params=()
Map.swift	Map	init(collection:)	init	params=(RLMCollection)
Map.swift	Map	init(from:)	init	params=(Decoder)	effects=throws
Map.swift	Map	isFrozen	var	type=Bool	access=get
Map.swift	Map	isInvalidated	var	type=Bool	access=get
Map.swift	Map	keys	var	type=[Key]	access=get
Map.swift	Map	makeIterator()	func	params=()	result=RLMMapIterator<SingleMapEntry<Key, Value>>
Map.swift	Map	max(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
Map.swift	Map	merge(_:uniquingKeysWith:)	func	params=(Map<Key, Value>, (Value, Value) throws->Value)	effects=rethrows	result=Void
Map.swift	Map	merge(_:uniquingKeysWith:)	func	params=(T1, (Value, Value) throws->Value)	effects=rethrows	result=Void	where=T1.Element==(key:Key, value:Value), T1: Sequence
Map.swift	Map	min(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
Map.swift	Map	object(forKey:)	func	params=(AnyObject)	result=AnyObject?
Map.swift	Map	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmMapChange<Map>)->Void)	defaults=0,1	result=NotificationToken
Map.swift	Map	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<Value.Wrapped>], T1, (isolated T1, RealmMapChange<Map>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
Map.swift	Map	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, RealmMapChange<Map>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor
Map.swift	Map	realm	var	type=Realm?	access=get
Map.swift	Map	removeAll()	func	params=()	result=Void
Map.swift	Map	removeObject(for:)	func	params=(Key)	result=Void
Map.swift	Map	setValue(_:forKey:)	func	params=(Any?, String)	result=Void
Map.swift	Map	sorted(ascending:)	func	params=(Bool)	defaults=0	result=Results<Value>
Map.swift	Map	sorted(by:)	func	params=(T1)	result=Results<Value>	where=T1.Iterator.Element==SortDescriptor, T1: Sequence
Map.swift	Map	sorted(byKeyPath:ascending:)	func	params=(String, Bool)	defaults=1	result=Results<Value>
Map.swift	Map	subscript(_:)	subscript	params=(Key)	result=Value?
Map.swift	Map	sum(ofProperty:)	func	params=(String)	result=T1	where=T1.PersistedType: AddableType, T1: _HasPersistedType
Map.swift	Map	thaw()	func	params=()	result=Map?
Map.swift	Map	updateValue(_:forKey:)	func	params=(Value, Key)	result=Void
Map.swift	Map	value(forKey:)	func	params=(String)	result=AnyObject?
Map.swift	Map	value(forKeyPath:)	func	params=(String)	result=AnyObject?
Map.swift	Map	values	var	type=[Value]	access=get
Map.swift	Map	where(_:)	func	params=((Query<Value>)->Query<Bool>)	result=Results<Value>
Map.swift	Map.KeyValueSequence	makeIterator()	func	params=()	result=RLMKeyValueIterator<Key, Value>
Map.swift	MapIndex	offset	var	type=UInt	access=get set
Map.swift	RealmMapChange	error	case	params=(Error)
Map.swift	RealmMapChange	initial	case	params=(Collection)
Map.swift	RealmMapChange	update	case	params=(Collection, [Collection.Key], [Collection.Key], [Collection.Key])
Map.swift	SingleMapEntry	==(lhs:rhs:)	func	static=static	params=(SingleMapEntry, SingleMapEntry)	result=Bool
Map.swift	SingleMapEntry	hash(into:)	func	params=(inout Hasher)	result=Void
Map.swift	SingleMapEntry	key	var	type=Self.Key	access=get set
Map.swift	SingleMapEntry	value	var	type=Self.Value	access=get set
Migration.swift		schemaVersionAtURL(_:encryptionKey:)	func	params=(URL, Data?)	defaults=1	effects=throws	result=UInt64
Migration.swift	Migration	create(_:value:)	func	params=(String, Any)	defaults=1	result=MigrationObject	discardable=yes
Migration.swift	Migration	delete(_:)	func	params=(MigrationObject)	result=Void
Migration.swift	Migration	deleteData(forType:)	func	params=(String)	result=Bool	discardable=yes
Migration.swift	Migration	enumerateObjects(ofType:_:)	func	params=(String, MigrationObjectEnumerateBlock)	result=Void
Migration.swift	Migration	newSchema	var	type=Schema	access=get
Migration.swift	Migration	oldSchema	var	type=Schema	access=get
Migration.swift	Migration	renameProperty(onType:from:to:)	func	params=(String, String, String)	result=Void
Migration.swift	Realm	performMigration(for:)	func	static=static	params=(Realm.Configuration)	defaults=0	effects=throws	result=Void
MongoClient.swift	ChangeEventDelegate	changeStreamDidClose(with:)	func	params=(Error?)	result=Void
MongoClient.swift	ChangeEventDelegate	changeStreamDidOpen(_:)	func	params=(ChangeStream)	result=Void
MongoClient.swift	ChangeEventDelegate	changeStreamDidReceive(changeEvent:)	func	params=(AnyBSON?)	result=Void
MongoClient.swift	ChangeEventDelegate	changeStreamDidReceive(error:)	func	params=(Error)	result=Void
MongoClient.swift	FindOneAndModifyOptions	init(_:_:_:_:)	init	params=(Document?, Document?, Bool, Bool)	defaults=2,3
MongoClient.swift	FindOneAndModifyOptions	init(_:_:_:_:)	init	params=(Document?, [Document], Bool, Bool)	defaults=1,2,3
MongoClient.swift	FindOneAndModifyOptions	init(projection:sort:upsert:shouldReturnNewDocument:)	init	params=(Document?, Document?, Bool, Bool)	defaults=2,3
MongoClient.swift	FindOneAndModifyOptions	projection	var	type=Document?	access=get set
MongoClient.swift	FindOneAndModifyOptions	sort	var	type=Document?	access=get set
MongoClient.swift	FindOneAndModifyOptions	sorting	var	type=[Document]	access=get set
MongoClient.swift	FindOptions	init(_:_:_:)	init	params=(Int, Document?, [Document])	defaults=0,1,2
MongoClient.swift	FindOptions	init(_:_:_:)	init	params=(Int?, Document?, Document?)
MongoClient.swift	FindOptions	init(limit:projection:sort:)	init	params=(Int?, Document?, Document?)
MongoClient.swift	FindOptions	projection	var	type=Document?	access=get set
MongoClient.swift	FindOptions	sort	var	type=Document?	access=get set
MongoClient.swift	FindOptions	sorting	var	type=[Document]	access=get set
MongoClient.swift	MongoCollection	aggregate(pipeline:)	func	params=([Document])	effects=async throws	result=[Document]
MongoClient.swift	MongoCollection	aggregate(pipeline:)	func	params=([Document])	result=Future<[Document], Error>
MongoClient.swift	MongoCollection	aggregate(pipeline:_:)	func	params=([Document], MongoFindBlock)	result=Void
MongoClient.swift	MongoCollection	changeEvents	var	type=AsyncThrowingPublisher<Publishers.WatchPublisher>	access=get
MongoClient.swift	MongoCollection	changeEvents(filterIds:onOpen:)	func	params=([ObjectId], (()->Void)?)	defaults=1	result=AsyncThrowingPublisher<Publishers.WatchPublisher>
MongoClient.swift	MongoCollection	changeEvents(matchFilter:onOpen:)	func	params=(Document, (()->Void)?)	defaults=1	result=AsyncThrowingPublisher<Publishers.WatchPublisher>
MongoClient.swift	MongoCollection	changeEvents(onOpen:)	func	params=(()->Void)	result=AsyncThrowingPublisher<Publishers.WatchPublisher>
MongoClient.swift	MongoCollection	count(filter:)	func	params=(Document)	result=Future<Int, Error>
MongoClient.swift	MongoCollection	count(filter:limit:)	func	params=(Document, Int)	result=Future<Int, Error>
MongoClient.swift	MongoCollection	count(filter:limit:)	func	params=(Document, Int?)	defaults=1	effects=async throws	result=Int
MongoClient.swift	MongoCollection	count(filter:limit:_:)	func	params=(Document, Int?, MongoCountBlock)	defaults=1	result=Void
MongoClient.swift	MongoCollection	deleteManyDocuments(filter:)	func	params=(Document)	effects=async throws	result=Int
MongoClient.swift	MongoCollection	deleteManyDocuments(filter:)	func	params=(Document)	result=Future<Int, Error>
MongoClient.swift	MongoCollection	deleteManyDocuments(filter:_:)	func	params=(Document, MongoCountBlock)	result=Void
MongoClient.swift	MongoCollection	deleteOneDocument(filter:)	func	params=(Document)	effects=async throws	result=Int
MongoClient.swift	MongoCollection	deleteOneDocument(filter:)	func	params=(Document)	result=Future<Int, Error>
MongoClient.swift	MongoCollection	deleteOneDocument(filter:_:)	func	params=(Document, MongoCountBlock)	result=Void
MongoClient.swift	MongoCollection	find(filter:)	func	params=(Document)	result=Future<[Document], Error>
MongoClient.swift	MongoCollection	find(filter:options:)	func	params=(Document, FindOptions)	result=Future<[Document], Error>
MongoClient.swift	MongoCollection	find(filter:options:_:)	func	params=(Document, FindOptions, MongoFindBlock)	defaults=1	result=Void
MongoClient.swift	MongoCollection	find(filter:options:_isolation:)	func	params=(Document, FindOptions)	defaults=1	effects=async throws	result=[Document]
MongoClient.swift	MongoCollection	findOneAndDelete(filter:)	func	params=(Document)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndDelete(filter:options:)	func	params=(Document, FindOneAndModifyOptions)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndDelete(filter:options:_:)	func	params=(Document, FindOneAndModifyOptions, MongoFindOneBlock)	defaults=1	result=Void
MongoClient.swift	MongoCollection	findOneAndDelete(filter:options:_isolation:)	func	params=(Document, FindOneAndModifyOptions)	defaults=1	effects=async throws	result=Document?
MongoClient.swift	MongoCollection	findOneAndReplace(filter:replacement:)	func	params=(Document, Document)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndReplace(filter:replacement:options:)	func	params=(Document, Document, FindOneAndModifyOptions)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndReplace(filter:replacement:options:_:)	func	params=(Document, Document, FindOneAndModifyOptions, MongoFindOneBlock)	defaults=2	result=Void
MongoClient.swift	MongoCollection	findOneAndReplace(filter:replacement:options:_isolation:)	func	params=(Document, Document, FindOneAndModifyOptions)	defaults=2	effects=async throws	result=Document?
MongoClient.swift	MongoCollection	findOneAndUpdate(filter:update:)	func	params=(Document, Document)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndUpdate(filter:update:options:)	func	params=(Document, Document, FindOneAndModifyOptions)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneAndUpdate(filter:update:options:_:)	func	params=(Document, Document, FindOneAndModifyOptions, MongoFindOneBlock)	defaults=2	result=Void
MongoClient.swift	MongoCollection	findOneAndUpdate(filter:update:options:_isolation:)	func	params=(Document, Document, FindOneAndModifyOptions)	defaults=2	effects=async throws	result=Document?
MongoClient.swift	MongoCollection	findOneDocument(filter:)	func	params=(Document)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneDocument(filter:options:)	func	params=(Document, FindOptions)	result=Future<Document?, Error>
MongoClient.swift	MongoCollection	findOneDocument(filter:options:_:)	func	params=(Document, FindOptions, MongoFindOneBlock)	defaults=1	result=Void
MongoClient.swift	MongoCollection	findOneDocument(filter:options:_isolation:)	func	params=(Document, FindOptions)	defaults=1	effects=async throws	result=Document?
MongoClient.swift	MongoCollection	insertMany(_:)	func	params=([Document])	effects=async throws	result=[AnyBSON]
MongoClient.swift	MongoCollection	insertMany(_:)	func	params=([Document])	result=Future<[AnyBSON], Error>
MongoClient.swift	MongoCollection	insertMany(_:_:)	func	params=([Document], MongoInsertManyBlock)	result=Void
MongoClient.swift	MongoCollection	insertOne(_:)	func	params=(Document)	effects=async throws	result=AnyBSON
MongoClient.swift	MongoCollection	insertOne(_:)	func	params=(Document)	result=Future<AnyBSON, Error>
MongoClient.swift	MongoCollection	insertOne(_:_:)	func	params=(Document, MongoInsertBlock)	result=Void
MongoClient.swift	MongoCollection	updateManyDocuments(filter:update:)	func	params=(Document, Document)	result=Future<UpdateResult, Error>
MongoClient.swift	MongoCollection	updateManyDocuments(filter:update:upsert:)	func	params=(Document, Document, Bool)	result=Future<UpdateResult, Error>
MongoClient.swift	MongoCollection	updateManyDocuments(filter:update:upsert:)	func	params=(Document, Document, Bool?)	defaults=2	effects=async throws	result=UpdateResult
MongoClient.swift	MongoCollection	updateManyDocuments(filter:update:upsert:_:)	func	params=(Document, Document, Bool, MongoUpdateBlock)	defaults=2	result=Void
MongoClient.swift	MongoCollection	updateOneDocument(filter:update:)	func	params=(Document, Document)	result=Future<UpdateResult, Error>
MongoClient.swift	MongoCollection	updateOneDocument(filter:update:upsert:)	func	params=(Document, Document, Bool)	result=Future<UpdateResult, Error>
MongoClient.swift	MongoCollection	updateOneDocument(filter:update:upsert:)	func	params=(Document, Document, Bool?)	defaults=2	effects=async throws	result=UpdateResult
MongoClient.swift	MongoCollection	updateOneDocument(filter:update:upsert:_:)	func	params=(Document, Document, Bool, MongoUpdateBlock)	defaults=2	result=Void
MongoClient.swift	MongoCollection	watch()	func	params=()	result=Publishers.WatchPublisher
MongoClient.swift	MongoCollection	watch(delegate:queue:)	func	params=(ChangeEventDelegate, DispatchQueue)	defaults=1	result=ChangeStream
MongoClient.swift	MongoCollection	watch(filterIds:)	func	params=([ObjectId])	result=Publishers.WatchPublisher
MongoClient.swift	MongoCollection	watch(filterIds:delegate:queue:)	func	params=([ObjectId], ChangeEventDelegate, DispatchQueue)	defaults=2	result=ChangeStream
MongoClient.swift	MongoCollection	watch(matchFilter:)	func	params=(Document)	result=Publishers.WatchPublisher
MongoClient.swift	MongoCollection	watch(matchFilter:delegate:queue:)	func	params=(Document, ChangeEventDelegate, DispatchQueue)	defaults=2	result=ChangeStream
MongoClient.swift	Publishers.WatchPublisher	onOpen(_:)	func	params=(()->Void)	result=Self
MongoClient.swift	Publishers.WatchPublisher	receive(subscriber:)	func	params=(T1)	result=Void	where=Failure==T1.Failure, Output==T1.Input, T1: Subscriber
MongoClient.swift	Publishers.WatchPublisher	subscribe(on:)	func	params=(T1)	result=WatchPublisher	where=T1: Scheduler
MutableSet.swift	MutableSet	contains(_:)	func	params=(Element)	result=Bool
MutableSet.swift	MutableSet	description	var	type=String	access=get
MutableSet.swift	MutableSet	formIntersection(_:)	func	params=(MutableSet<Element>)	result=Void
MutableSet.swift	MutableSet	formUnion(_:)	func	params=(MutableSet<Element>)	result=Void
MutableSet.swift	MutableSet	index(matching:)	func	params=((Query<Element>)->Query<Bool>)	result=Int?
MutableSet.swift	MutableSet	index(matching:)	func	params=(NSPredicate)	result=Int?
MutableSet.swift	MutableSet	index(of:)	func	params=(Element)	result=Int?
MutableSet.swift	MutableSet	init()	init	params=()
MutableSet.swift	MutableSet	init(collection:)	init	params=(RLMCollection)
MutableSet.swift	MutableSet	init(from:)	init	params=(Decoder)	effects=throws
MutableSet.swift	MutableSet	insert(_:)	func	params=(Element)	result=Void
MutableSet.swift	MutableSet	insert(objectsIn:)	func	params=(T1)	result=Void	where=T1.Iterator.Element==Element, T1: Sequence
MutableSet.swift	MutableSet	intersects(_:)	func	params=(MutableSet<Element>)	result=Bool
MutableSet.swift	MutableSet	isSubset(of:)	func	params=(MutableSet<Element>)	result=Bool
MutableSet.swift	MutableSet	makeIterator()	func	params=()	result=RLMIterator<Element>
MutableSet.swift	MutableSet	remove(_:)	func	params=(Element)	result=Void
MutableSet.swift	MutableSet	removeAll()	func	params=()	result=Void
MutableSet.swift	MutableSet	subscript(_:)	subscript	params=(Int)	result=Element
MutableSet.swift	MutableSet	subtract(_:)	func	params=(MutableSet<Element>)	result=Void
MutableSet.swift	MutableSet	value(forKey:)	func	params=(String)	result=[AnyObject]
Nonsync.swift	SyncSession.Progress	fractionTransferred	var	type=Double	access=get
Nonsync.swift	SyncSession.Progress	isTransferComplete	var	type=Bool	access=get
Nonsync.swift	SyncSession.Progress	transferrableBytes	let	type=Int	access=get
Nonsync.swift	SyncSession.Progress	transferredBytes	let	type=Int	access=get
Object.swift	DynamicObject	setValue(_:forUndefinedKey:)	func	params=(Any?, String)	result=Void
Object.swift	DynamicObject	sharedSchema()	func	static=static	params=()	result=RLMObjectSchema?
Object.swift	DynamicObject	shouldIncludeInDefaultSchema()	func	static=static	params=()	result=Bool
Object.swift	DynamicObject	subscript(_:)	subscript	params=(String)	result=Any?
Object.swift	DynamicObject	subscript(dynamicMember:)	subscript	params=(String)	result=Any?
Object.swift	DynamicObject	value(forUndefinedKey:)	func	params=(String)	result=Any?
Object.swift	Object	description	var	type=String	access=get
Object.swift	Object	dynamicList(_:)	func	params=(String)	result=List<DynamicObject>
Object.swift	Object	dynamicMap(_:)	func	params=(String)	result=Map<T1, DynamicObject?>	where=T1: _MapKey
Object.swift	Object	dynamicMutableSet(_:)	func	params=(String)	result=MutableSet<DynamicObject>
Object.swift	Object	freeze()	func	params=()	result=Self
Object.swift	Object	ignoredProperties()	func	static=static	params=()	result=[String]
Object.swift	Object	indexedProperties()	func	static=static	params=()	result=[String]
Object.swift	Object	init(value:)	init	params=(Any)
Object.swift	Object	isFrozen	var	type=Bool	access=get
Object.swift	Object	isInvalidated	var	type=Bool	access=get
Object.swift	Object	isSameObject(as:)	func	params=(Object?)	result=Bool
Object.swift	Object	objectSchema	var	type=ObjectSchema	access=get
Object.swift	Object	observe(keyPaths:on:_:)	func	params=([PartialKeyPath<T1>], DispatchQueue?, (ObjectChange<T1>)->Void)	defaults=1	result=NotificationToken	where=T1: ObjectBase
Object.swift	Object	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (ObjectChange<T1>)->Void)	defaults=0,1	result=NotificationToken	where=T1: RLMObjectBase
Object.swift	Object	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<T2>], T1, (isolated T1, ObjectChange<T2>)->Void)	effects=async	result=NotificationToken	where=T1: Actor, T2: Object
Object.swift	Object	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, ObjectChange<T2>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor, T2: Object
Object.swift	Object	primaryKey()	func	static=static	params=()	result=String?
Object.swift	Object	propertiesMapping()	func	static=static	params=()	result=[String:String]
Object.swift	Object	realm	var	type=Realm?	access=get
Object.swift	Object	subscript(_:)	subscript	params=(String)	result=Any?
Object.swift	Object	thaw()	func	params=()	result=Self?
Object.swift	ObjectChange	change	case	params=(T, [PropertyChange])
Object.swift	ObjectChange	deleted	case
Object.swift	ObjectChange	error	case	params=(NSError)
Object.swift	PropertyChange	name	let	type=String	access=get
Object.swift	PropertyChange	newValue	let	type=Any?	access=get
Object.swift	PropertyChange	oldValue	let	type=Any?	access=get
ObjectId.swift	ObjectId	<(lhs:rhs:)	func	static=static	params=(ObjectId, ObjectId)	result=Bool
ObjectId.swift	ObjectId	<=(lhs:rhs:)	func	static=static	params=(ObjectId, ObjectId)	result=Bool
ObjectId.swift	ObjectId	>(lhs:rhs:)	func	static=static	params=(ObjectId, ObjectId)	result=Bool
ObjectId.swift	ObjectId	>=(lhs:rhs:)	func	static=static	params=(ObjectId, ObjectId)	result=Bool
ObjectId.swift	ObjectId	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
ObjectId.swift	ObjectId	generate()	func	static=static	params=()	result=ObjectId
ObjectId.swift	ObjectId	init()	init	params=()
ObjectId.swift	ObjectId	init(_:)	init	params=(StaticString)
ObjectId.swift	ObjectId	init(from:)	init	params=(Decoder)	effects=throws
ObjectId.swift	ObjectId	init(string:)	init	params=(String)	effects=throws
ObjectId.swift	ObjectId	init(timestamp:machineId:processId:)	init	params=(Date, Int, Int)
ObjectSchema.swift	ObjectSchema	==(lhs:rhs:)	func	static=static	params=(ObjectSchema, ObjectSchema)	result=Bool
ObjectSchema.swift	ObjectSchema	className	var	type=String	access=get
ObjectSchema.swift	ObjectSchema	description	var	type=String	access=get
ObjectSchema.swift	ObjectSchema	isAsymmetric	var	type=Bool	access=get
ObjectSchema.swift	ObjectSchema	isEmbedded	var	type=Bool	access=get
ObjectSchema.swift	ObjectSchema	objectClass	var	type=AnyClass	access=get
ObjectSchema.swift	ObjectSchema	primaryKeyProperty	var	type=Property?	access=get
ObjectSchema.swift	ObjectSchema	properties	var	type=[Property]	access=get
ObjectSchema.swift	ObjectSchema	subscript(_:)	subscript	params=(String)	result=Property?
ObjectiveCSupport+AnyRealmValue.swift	ObjectiveCSupport	convert(value:)	func	static=static	params=(AnyRealmValue?)	result=RLMValue?
ObjectiveCSupport+AnyRealmValue.swift	ObjectiveCSupport	convert(value:)	func	static=static	params=(RLMValue?)	result=AnyRealmValue
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convert(_:)	func	static=static	params=(Document)	result=[String:RLMBSON]
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convert(_:)	func	static=static	params=([String:RLMBSON])	result=Document
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(AnyBSON?)	result=RLMBSON?
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMBSON?)	result=AnyBSON?
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convertBson(object:)	func	static=static	params=(AnyBSON)	result=RLMBSON
ObjectiveCSupport+BSON.swift	ObjectiveCSupport	convertBson(object:)	func	static=static	params=(RLMBSON)	result=AnyBSON?
ObjectiveCSupport+Sync.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Credentials)	result=RLMCredentials
ObjectiveCSupport+Sync.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMSyncConfiguration)	result=SyncConfiguration
ObjectiveCSupport+Sync.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(SyncConfiguration)	result=RLMSyncConfiguration
ObjectiveCSupport.swift	ObjectiveCSupport	convert(block:)	func	static=static	params=((SyncSubscriptionSet)->Void)	result=RLMFlexibleSyncInitialSubscriptionsBlock
ObjectiveCSupport.swift	ObjectiveCSupport	convert(block:)	func	static=static	params=(RLMFlexibleSyncInitialSubscriptionsBlock)	result=(SyncSubscriptionSet)->Void
ObjectiveCSupport.swift	ObjectiveCSupport	convert(block:)	func	static=static	params=(RLMFlexibleSyncInitialSubscriptionsBlock?)	result=((SyncSubscriptionSet)->Void)?
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(((Realm)->Void)?)	result=RLMClientResetBeforeBlock?
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(((Realm, Realm)->Void)?)	result=RLMClientResetAfterBlock?
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=((Int, Int)->Bool)	result=RLMShouldCompactOnLaunchBlock
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(LinkingObjects<T1>)	result=RLMResults<AnyObject>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(List<T1>)	result=RLMArray<AnyObject>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Map<T1, T2>)	result=RLMDictionary<AnyObject, AnyObject>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Migration)	result=RLMMigration
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(MutableSet<T1>)	result=RLMSet<AnyObject>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(ObjectSchema)	result=RLMObjectSchema
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Property)	result=RLMProperty
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMArray<AnyObject>)	result=List<Object>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMClientResetAfterBlock?)	result=((Realm, Realm)->Void)?
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMClientResetBeforeBlock?)	result=((Realm)->Void)?
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMDictionary<AnyObject, AnyObject>)	result=Map<T1, Object>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMLinkingObjects<RLMObject>)	result=Results<Object>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMObjectSchema)	result=ObjectSchema
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMProperty)	result=Property
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMRealm)	result=Realm
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMRealmConfiguration)	result=Realm.Configuration
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMResults<AnyObject>)	result=Results<Object>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMSchema)	result=Schema
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMSet<AnyObject>)	result=MutableSet<Object>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMShouldCompactOnLaunchBlock)	result=(Int, Int)->Bool
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(RLMSortDescriptor)	result=SortDescriptor
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Realm)	result=RLMRealm
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Realm.Configuration)	result=RLMRealmConfiguration
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Results<T1>)	result=RLMResults<AnyObject>
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(Schema)	result=RLMSchema
ObjectiveCSupport.swift	ObjectiveCSupport	convert(object:)	func	static=static	params=(SortDescriptor)	result=RLMSortDescriptor
Optional.swift	RealmOptional	==(lhs:rhs:)	func	static=static	params=(RealmOptional<Value>, RealmOptional<Value>)	result=Bool
Optional.swift	RealmOptional	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
Optional.swift	RealmOptional	init(_:)	init	params=(Value?)	defaults=0
Optional.swift	RealmOptional	init(from:)	init	params=(Decoder)	effects=throws
Optional.swift	RealmOptional	value	var	type=Value?	access=get set
Optional.swift	RealmOptionalType	className()	func	static=static	params=()	result=String
PersistedProperty.swift	KeyedDecodingContainer	decode(_:forKey:)	func	params=(T1.Type, KeyedDecodingContainer<K>.Key)	effects=throws	result=T1	where=T1: Decodable, T1: OptionalCodingWrapper
PersistedProperty.swift	LinkingObjectsProtocol	init(fromType:property:)	init	params=(Element.Type, String)
PersistedProperty.swift	OptionalCodingWrapper	init(wrappedValue:)	init	params=(WrappedType)
PersistedProperty.swift	PersistableEnum	<(lhs:rhs:)	func	static=static	params=(Self, Self)	result=Bool
PersistedProperty.swift	PersistableEnum	init()	init	params=()
PersistedProperty.swift	Persisted	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
PersistedProperty.swift	Persisted	init()	init	params=()
PersistedProperty.swift	Persisted	init(from:)	init	params=(Decoder)	effects=throws
PersistedProperty.swift	Persisted	init(indexed:)	init	params=(Bool)
PersistedProperty.swift	Persisted	init(originProperty:)	init	params=(String)
PersistedProperty.swift	Persisted	init(primaryKey:)	init	params=(Bool)
PersistedProperty.swift	Persisted	init(wrappedValue:)	init	params=(Value)
PersistedProperty.swift	Persisted	init(wrappedValue:indexed:)	init	params=(Value, Bool)
PersistedProperty.swift	Persisted	init(wrappedValue:primaryKey:)	init	params=(Value, Bool)
PersistedProperty.swift	Persisted	subscript(_enclosingInstance:wrapped:storage:)	subscript	static=static	params=(T1, ReferenceWritableKeyPath<T1, Value>, ReferenceWritableKeyPath<T1, Self>)	result=Value	where=T1: ObjectBase
PersistedProperty.swift	Persisted	wrappedValue	var	type=Value	access=get set
Projection.swift	Projected	init(_:)	init	params=(KeyPath<T, Value>)
Projection.swift	Projected	subscript(_enclosingInstance:wrapped:storage:)	subscript	static=static	params=(T1, ReferenceWritableKeyPath<T1, Value>, ReferenceWritableKeyPath<T1, Self>)	result=Value	where=T1: Projection<T>
Projection.swift	Projected	wrappedValue	var	type=Value	access=get set
Projection.swift	ProjectedPropertyChange	name	let	type=String	access=get
Projection.swift	ProjectedPropertyChange	newValue	let	type=Any?	access=get
Projection.swift	ProjectedPropertyChange	oldValue	let	type=Any?	access=get
Projection.swift	Projection	==(lhs:rhs:)	func	static=static	params=(Projection, Projection)	result=Bool
Projection.swift	Projection	addObserver(_:forKeyPath:options:context:)	func	params=(NSObject, String, NSKeyValueObservingOptions, UnsafeMutableRawPointer?)	defaults=2	result=Void
Projection.swift	Projection	description	var	type=String	access=get
Projection.swift	Projection	freeze()	func	params=()	result=Self
Projection.swift	Projection	hash(into:)	func	params=(inout Hasher)	result=Void
Projection.swift	Projection	init(projecting:)	init	params=(Root)
Projection.swift	Projection	isFrozen	var	type=Bool	access=get
Projection.swift	Projection	isInvalidated	var	type=Bool	access=get
Projection.swift	Projection	objectWillChange	var	type=RealmPublishers.WillChange<Projection>	access=get
Projection.swift	Projection	realm	var	type=Realm?	access=get
Projection.swift	Projection	removeObserver(_:forKeyPath:)	func	params=(NSObject, String)	result=Void
Projection.swift	Projection	removeObserver(_:forKeyPath:context:)	func	params=(NSObject, String, UnsafeMutableRawPointer?)	result=Void
Projection.swift	Projection	rootObject	let	type=Root	access=get
Projection.swift	Projection	thaw()	func	params=()	result=Self?
Projection.swift	ProjectionObservable	init(projecting:)	init	params=(Root)
Projection.swift	ProjectionObservable	observe(keyPaths:on:_:)	func	params=([PartialKeyPath<Self>], DispatchQueue?, (ObjectChange<Self>)->Void)	defaults=1	result=NotificationToken
Projection.swift	ProjectionObservable	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (ObjectChange<Self>)->Void)	defaults=0,1	result=NotificationToken
Projection.swift	ProjectionObservable	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<Self>], T1, (isolated T1, ObjectChange<Self>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
Projection.swift	ProjectionObservable	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, ObjectChange<Self>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor
Projection.swift	ProjectionObservable	rootObject	var	type=Root	access=get
Projection.swift	Unchecked	init(_:)	init	params=(Wrapped)
Projection.swift	Unchecked	init(wrappedValue:)	init	params=(Wrapped)
Projection.swift	Unchecked	wrappedValue	var	type=Wrapped	access=get set
Property.swift	Property	==(lhs:rhs:)	func	static=static	params=(Property, Property)	result=Bool
Property.swift	Property	columnName	var	type=String	access=get
Property.swift	Property	description	var	type=String	access=get
Property.swift	Property	isArray	var	type=Bool	access=get
Property.swift	Property	isIndexed	var	type=Bool	access=get
Property.swift	Property	isMap	var	type=Bool	access=get
Property.swift	Property	isOptional	var	type=Bool	access=get
Property.swift	Property	isSet	var	type=Bool	access=get
Property.swift	Property	name	var	type=String	access=get
Property.swift	Property	objectClassName	var	type=String?	access=get
Property.swift	Property	type	var	type=PropertyType	access=get
Query.swift	Query	!(_:)	func	static=static	params=(Query)	result=Query<Bool>
Query.swift	Query	!=(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	!=(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	!=(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	&&(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	<(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	<(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	<(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	<=(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	<=(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	<=(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	==(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	==(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	==(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	>(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	>(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	>(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	>=(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	Query	>=(_:_:)	func	static=static	params=(Query, T)	result=Query<Bool>
Query.swift	Query	>=(_:_:)	func	static=static	params=(Query<T>, T.Element)	result=Query<Bool>
Query.swift	Query	any	var	type=Query<AnyRealmValue>	access=get
Query.swift	Query	avg	var	type=Query	access=get
Query.swift	Query	avg	var	type=Query<T.Element>	access=get
Query.swift	Query	avg	var	type=Query<T.Value>	access=get
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T.Element.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T.Element>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T.Value.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T.Value>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(ClosedRange<T>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T.Element.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T.Element>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T.Value.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T.Value>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T.Wrapped>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(Range<T>)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(T.Element)	result=Query<Bool>
Query.swift	Query	contains(_:)	func	params=(T.Value)	result=Query<Bool>
Query.swift	Query	contains(_:options:)	func	params=(Query<T1>, StringOptions)	defaults=1	result=Query<Bool>	where=T1.PersistedType: _QueryBinary, T1: _Persistable
Query.swift	Query	contains(_:options:)	func	params=(T, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	containsAny(in:)	func	params=(T1)	result=Query<Bool>	where=T1.Element==T.Element, T1: Sequence
Query.swift	Query	containsAny(in:)	func	params=(T1)	result=Query<Bool>	where=T1.Element==T.Value, T1: Sequence
Query.swift	Query	count	var	type=Query<Int>	access=get
Query.swift	Query	ends(with:options:)	func	params=(Query<T1>, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	ends(with:options:)	func	params=(T, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	equals(_:options:)	func	params=(Query<T1>, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	equals(_:options:)	func	params=(T, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	geoWithin(_:)	func	params=(T1)	result=Query<Bool>	where=T1: RLMGeospatial
Query.swift	Query	in(_:)	func	params=(T1)	result=Query<Bool>	where=T1.Element==T, T1: Sequence
Query.swift	Query	keys	var	type=Query<String>	access=get
Query.swift	Query	like(_:caseInsensitive:)	func	params=(Query<T1>, Bool)	defaults=1	result=Query<Bool>
Query.swift	Query	like(_:caseInsensitive:)	func	params=(T, Bool)	defaults=1	result=Query<Bool>
Query.swift	Query	max	var	type=Query	access=get
Query.swift	Query	max	var	type=Query<T.Element>	access=get
Query.swift	Query	max	var	type=Query<T.Value>	access=get
Query.swift	Query	min	var	type=Query	access=get
Query.swift	Query	min	var	type=Query<T.Element>	access=get
Query.swift	Query	min	var	type=Query<T.Value>	access=get
Query.swift	Query	notEquals(_:options:)	func	params=(Query<T1>, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	notEquals(_:options:)	func	params=(T, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	persistableValue	var	type=Query<AnyRealmCollection<T.Element.PersistedType>>	access=get
Query.swift	Query	persistableValue	var	type=Query<Map<T.Key, T.Value.PersistedType>>	access=get
Query.swift	Query	persistableValue	var	type=Query<T.PersistedType>	access=get
Query.swift	Query	rawValue	var	type=Query<AnyRealmCollection<T.Element.RawValue>>	access=get
Query.swift	Query	rawValue	var	type=Query<AnyRealmCollection<T.Element.Wrapped.RawValue?>>	access=get
Query.swift	Query	rawValue	var	type=Query<Map<T.Key, T.Value.RawValue>>	access=get
Query.swift	Query	rawValue	var	type=Query<Map<T.Key, T.Value.Wrapped.RawValue?>>	access=get
Query.swift	Query	rawValue	var	type=Query<T.RawValue>	access=get
Query.swift	Query	rawValue	var	type=Query<T.Wrapped.RawValue?>	access=get
Query.swift	Query	starts(with:options:)	func	params=(Query<T1>, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	starts(with:options:)	func	params=(T, StringOptions)	defaults=1	result=Query<Bool>
Query.swift	Query	subscript(_:)	subscript	params=(Int)	result=Query<AnyRealmValue>
Query.swift	Query	subscript(_:)	subscript	params=(String)	result=Query<AnyRealmValue>
Query.swift	Query	subscript(_:)	subscript	params=(T.Key)	result=Query<T.Value>
Query.swift	Query	subscript(dynamicMember:)	subscript	params=(KeyPath<T, T1>)	result=Query<T1>
Query.swift	Query	subscript(dynamicMember:)	subscript	params=(KeyPath<T, T1>)	result=Query<T1>	where=T1: RealmCollectionBase
Query.swift	Query	subscript(dynamicMember:)	subscript	params=(KeyPath<T, T1>)	result=Query<T1>	where=T1: RealmKeyedCollection
Query.swift	Query	subscript(dynamicMember:)	subscript	params=(KeyPath<T.Element, T1>)	result=Query<T1>
Query.swift	Query	subscript(dynamicMember:)	subscript	params=(KeyPath<T.Wrapped, T1>)	result=Query<T1>
Query.swift	Query	sum	var	type=Query	access=get
Query.swift	Query	sum	var	type=Query<T.Element>	access=get
Query.swift	Query	sum	var	type=Query<T.Value>	access=get
Query.swift	Query	values	var	type=Query<T.Value>	access=get
Query.swift	Query	||(_:_:)	func	static=static	params=(Query, Query)	result=Query<Bool>
Query.swift	StringOptions	caseInsensitive	let	static=static	type=?	access=get
Query.swift	StringOptions	diacriticInsensitive	let	static=static	type=?	access=get
Query.swift	StringOptions	init(rawValue:)	init	params=(Int8)
Query.swift	StringOptions	rawValue	let	type=Int8	access=get
Realm.swift	Projection	className()	func	static=static	params=()	result=String
Realm.swift	Realm	==(lhs:rhs:)	func	static=static	params=(Realm, Realm)	result=Bool
Realm.swift	Realm	add(_:update:)	func	params=(Object, Bool)	result=Void
Realm.swift	Realm	add(_:update:)	func	params=(Object, UpdatePolicy)	defaults=1	result=Void
Realm.swift	Realm	add(_:update:)	func	params=(T1, Bool)	result=Void	where=T1.Iterator.Element: Object, T1: Sequence
Realm.swift	Realm	add(_:update:)	func	params=(T1, UpdatePolicy)	defaults=1	result=Void	where=T1.Iterator.Element: Object, T1: Sequence
Realm.swift	Realm	asyncOpen(configuration:)	func	static=static	params=(Realm.Configuration)	defaults=0	result=RealmPublishers.AsyncOpenPublisher
Realm.swift	Realm	asyncOpen(configuration:callbackQueue:callback:)	func	static=static	params=(Realm.Configuration, DispatchQueue, (Result<Realm, Error>)->Void)	defaults=0,1	result=AsyncOpenTask	discardable=yes
Realm.swift	Realm	asyncRefresh(_isolation:)	func	params=()	effects=async	result=Bool	discardable=yes
Realm.swift	Realm	asyncWrite(_isolation:_:)	func	params=(() throws->T1)	effects=async throws	result=T1	discardable=yes
Realm.swift	Realm	autorefresh	var	type=Bool	access=get set
Realm.swift	Realm	beginAsyncWrite(_:)	func	params=(()->Void)	result=AsyncTransactionId	discardable=yes
Realm.swift	Realm	beginWrite()	func	params=()	result=Void
Realm.swift	Realm	cancelAsyncWrite(_:)	func	params=(AsyncTransactionId)	effects=throws	result=Void
Realm.swift	Realm	cancelWrite()	func	params=()	result=Void
Realm.swift	Realm	commitAsyncWrite(allowGrouping:_:)	func	params=(Bool, ((Error?)->Void)?)	defaults=0,1	result=AsyncTransactionId	discardable=yes
Realm.swift	Realm	commitWrite(withoutNotifying:)	func	params=([NotificationToken])	defaults=0	effects=throws	result=Void
Realm.swift	Realm	configuration	var	type=Configuration	access=get
Realm.swift	Realm	create(_:value:)	func	params=(T1.Type, Any)	defaults=1	result=Void	where=T1: AsymmetricObject
Realm.swift	Realm	create(_:value:update:)	func	params=(T1.Type, Any, UpdatePolicy)	defaults=1,2	result=T1	discardable=yes	where=T1: Object
Realm.swift	Realm	delete(_:)	func	params=(List<T1>)	result=Void	where=T1: ObjectBase
Realm.swift	Realm	delete(_:)	func	params=(Map<T1, T2?>)	result=Void	where=T1: _MapKey, T2: ObjectBase
Realm.swift	Realm	delete(_:)	func	params=(ObjectBase)	result=Void
Realm.swift	Realm	delete(_:)	func	params=(Results<T1>)	result=Void	where=T1: ObjectBase
Realm.swift	Realm	delete(_:)	func	params=(T1)	result=Void	where=T1.Iterator.Element: ObjectBase, T1: Sequence
Realm.swift	Realm	deleteAll()	func	params=()	result=Void
Realm.swift	Realm	deleteFiles(for:)	func	static=static	params=(Configuration)	effects=throws	result=Bool
Realm.swift	Realm	dynamicCreate(_:value:update:)	func	params=(String, Any, UpdatePolicy)	defaults=1,2	result=DynamicObject	discardable=yes
Realm.swift	Realm	dynamicObject(ofType:forPrimaryKey:)	func	params=(String, Any)	result=DynamicObject?
Realm.swift	Realm	dynamicObjects(_:)	func	params=(String)	result=Results<DynamicObject>
Realm.swift	Realm	fileExists(for:)	func	static=static	params=(Configuration)	result=Bool
Realm.swift	Realm	freeze()	func	params=()	result=Realm
Realm.swift	Realm	freeze(_:)	func	params=(T1)	result=T1	where=T1: ObjectBase
Realm.swift	Realm	freeze(_:)	func	params=(T1)	result=T1	where=T1: RealmCollection
Realm.swift	Realm	init(configuration:actor:downloadBeforeOpen:)	init	params=(Realm.Configuration, T1, OpenBehavior)	defaults=0,2	effects=async throws	where=T1: Actor
Realm.swift	Realm	init(configuration:downloadBeforeOpen:)	init	params=(Realm.Configuration, OpenBehavior)	defaults=0,1	effects=async throws
Realm.swift	Realm	init(configuration:queue:)	init	params=(Configuration, DispatchQueue?)	defaults=1	effects=throws
Realm.swift	Realm	init(fileURL:)	init	params=(URL)	effects=throws
Realm.swift	Realm	init(queue:)	init	params=(DispatchQueue?)	defaults=0	effects=throws
Realm.swift	Realm	invalidate()	func	params=()	result=Void
Realm.swift	Realm	isEmpty	var	type=Bool	access=get
Realm.swift	Realm	isFrozen	var	type=Bool	access=get
Realm.swift	Realm	isInWriteTransaction	var	type=Bool	access=get
Realm.swift	Realm	isPerformingAsynchronousWriteOperations	var	type=Bool	access=get
Realm.swift	Realm	object(ofType:forPrimaryKey:)	func	params=(T1.Type, T2)	result=T1?	where=T1: Object
Realm.swift	Realm	objects(_:)	func	params=(T1.Type)	result=Results<T1>	where=T1: RealmFetchable
Realm.swift	Realm	observe(_:)	func	params=(NotificationBlock)	result=NotificationToken
Realm.swift	Realm	open(configuration:_isolation:downloadBeforeOpen:)	func	static=static	params=(Realm.Configuration, OpenBehavior)	defaults=0,1	effects=async throws	result=Realm
Realm.swift	Realm	refresh()	func	params=()	result=Bool	discardable=yes
Realm.swift	Realm	schema	var	type=Schema	access=get
Realm.swift	Realm	subscriptions	var	type=SyncSubscriptionSet	access=get
Realm.swift	Realm	thaw()	func	params=()	result=Realm
Realm.swift	Realm	thaw(_:)	func	params=(T1)	result=T1?	where=T1: ObjectBase
Realm.swift	Realm	write(withoutNotifying:_:)	func	params=([NotificationToken], () throws->T1)	defaults=0	effects=throws	result=T1	discardable=yes
Realm.swift	Realm	writeAsync(_:onComplete:)	func	params=(()->Void, ((Error?)->Void)?)	defaults=1	result=AsyncTransactionId	discardable=yes
Realm.swift	Realm	writeCopy(configuration:)	func	params=(Realm.Configuration)	effects=throws	result=Void
Realm.swift	Realm	writeCopy(toFile:encryptionKey:)	func	params=(URL, Data?)	defaults=1	effects=throws	result=Void
Realm.swift	Realm.AsyncOpenTask	addProgressNotification(queue:block:)	func	params=(DispatchQueue, (SyncSession.Progress)->Void)	defaults=0	result=Void
Realm.swift	Realm.AsyncOpenTask	cancel()	func	params=()	result=Void
Realm.swift	Realm.Notification	didChange	case
Realm.swift	Realm.Notification	refreshRequired	case
Realm.swift	Realm.OpenBehavior	always	case
Realm.swift	Realm.OpenBehavior	never	case
Realm.swift	Realm.OpenBehavior	once	case
Realm.swift	Realm.UpdatePolicy	all	case
Realm.swift	Realm.UpdatePolicy	error	case
Realm.swift	Realm.UpdatePolicy	modified	case
Realm.swift	RealmFetchable	className()	func	static=static	params=()	result=String
RealmCollection.swift	AnyRealmCollection	==(lhs:rhs:)	func	static=static	params=(AnyRealmCollection<Element>, AnyRealmCollection<Element>)	result=Bool
RealmCollection.swift	AnyRealmCollection	description	var	type=String	access=get
RealmCollection.swift	AnyRealmCollection	init(_:)	init	params=(T1)	where=T1.Element==Element, T1: RealmCollection, T1: _ObjcBridgeable
RealmCollection.swift	AnyRealmCollection	makeIterator()	func	params=()	result=RLMIterator<Element>
RealmCollection.swift	AnyRealmCollection	subscript(_:)	subscript	params=(Int)	result=Element
RealmCollection.swift	CollectionElementMapper	subscript(dynamicMember:)	subscript	params=(KeyPath<Element, T1>)	result=ProjectedCollection<T1>
RealmCollection.swift	List	projectTo	var	type=CollectionElementMapper<Element>	access=get
RealmCollection.swift	MutableSet	projectTo	var	type=CollectionElementMapper<Element>	access=get
RealmCollection.swift	ProjectedCollection	description	var	type=String	access=get
RealmCollection.swift	ProjectedCollection	endIndex	var	type=Int	access=get
RealmCollection.swift	ProjectedCollection	freeze()	func	params=()	result=Self
RealmCollection.swift	ProjectedCollection	index(matching:)	func	params=(NSPredicate)	result=Int?
RealmCollection.swift	ProjectedCollection	index(of:)	func	params=(Element)	result=Int?
RealmCollection.swift	ProjectedCollection	isFrozen	var	type=Bool	access=get
RealmCollection.swift	ProjectedCollection	isInvalidated	var	type=Bool	access=get
RealmCollection.swift	ProjectedCollection	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmCollectionChange<ProjectedCollection<Element>>)->Void)	defaults=0,1	result=NotificationToken
RealmCollection.swift	ProjectedCollection	observe(on:_:)	func	params=(DispatchQueue?, (RealmCollectionChange<ProjectedCollection<Element>>)->Void)	result=NotificationToken
RealmCollection.swift	ProjectedCollection	realm	var	type=Realm?	access=get
RealmCollection.swift	ProjectedCollection	startIndex	var	type=Int	access=get
RealmCollection.swift	ProjectedCollection	subscript(_:)	subscript	params=(Int)	result=Element
RealmCollection.swift	ProjectedCollection	thaw()	func	params=()	result=Self?
RealmCollection.swift	RLMIterator	next()	func	params=()	result=Element?
RealmCollection.swift	RLMKeyValueIterator	next()	func	params=()	result=Element?
RealmCollection.swift	RLMMapIterator	next()	func	params=()	result=Element?
RealmCollection.swift	RealmCollection	average()	func	params=()	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	average(of:)	func	params=(KeyPath<Element, T1>)	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	average(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	count	var	type=Int	access=get
RealmCollection.swift	RealmCollection	description	var	type=String	access=get
RealmCollection.swift	RealmCollection	distinct()	func	params=()	result=Results<Element>
RealmCollection.swift	RealmCollection	distinct(by:)	func	params=(T1)	result=Results<Element>	where=T1.Iterator.Element==PartialKeyPath<Element>, T1: Sequence
RealmCollection.swift	RealmCollection	distinct(by:)	func	params=(T1)	result=Results<Element>	where=T1.Iterator.Element==String, T1: Sequence
RealmCollection.swift	RealmCollection	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
RealmCollection.swift	RealmCollection	endIndex	var	type=Int	access=get
RealmCollection.swift	RealmCollection	filter(_:)	func	params=(NSPredicate)	result=Results<Element>
RealmCollection.swift	RealmCollection	filter(_:_:)	func	params=(String, Any...)	result=Results<Element>
RealmCollection.swift	RealmCollection	first	var	type=Element?	access=get
RealmCollection.swift	RealmCollection	freeze()	func	params=()	result=Self
RealmCollection.swift	RealmCollection	index(after:)	func	params=(Int)	result=Int
RealmCollection.swift	RealmCollection	index(before:)	func	params=(Int)	result=Int
RealmCollection.swift	RealmCollection	index(matching:)	func	params=((Query<Element>)->Query<Bool>)	result=Int?
RealmCollection.swift	RealmCollection	index(matching:)	func	params=(NSPredicate)	result=Int?
RealmCollection.swift	RealmCollection	index(matching:_:)	func	params=(String, Any...)	result=Int?
RealmCollection.swift	RealmCollection	index(of:)	func	params=(Element)	result=Int?
RealmCollection.swift	RealmCollection	isFrozen	var	type=Bool	access=get
RealmCollection.swift	RealmCollection	isInvalidated	var	type=Bool	access=get
RealmCollection.swift	RealmCollection	last	var	type=Element?	access=get
RealmCollection.swift	RealmCollection	max()	func	params=()	result=Element?
RealmCollection.swift	RealmCollection	max(of:)	func	params=(KeyPath<Element, T1>)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	max(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	min()	func	params=()	result=Element?
RealmCollection.swift	RealmCollection	min(of:)	func	params=(KeyPath<Element, T1>)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	min(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	objects(at:)	func	params=(IndexSet)	result=[Element]
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_:)	func	params=([PartialKeyPath<Element>], DispatchQueue?, (RealmCollectionChange<Self>)->Void)	defaults=1	result=NotificationToken
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmCollectionChange<Self>)->Void)	defaults=0,1	result=NotificationToken
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmCollectionChange<Self>)->Void)	result=NotificationToken
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<Element>], T1, (isolated T1, RealmCollectionChange<Self>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, RealmCollectionChange<Self>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor
RealmCollection.swift	RealmCollection	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, RealmCollectionChange<Self>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
RealmCollection.swift	RealmCollection	realm	var	type=Realm?	access=get
RealmCollection.swift	RealmCollection	sectioned(by:ascending:)	func	params=((Element)->T1, Bool)	defaults=1	result=SectionedResults<T1, Element>	where=T1: _Persistable
RealmCollection.swift	RealmCollection	sectioned(by:ascending:)	func	params=(KeyPath<Element, T1>, Bool)	defaults=1	result=SectionedResults<T1, Element>	where=Element: Projection<T2>, T1: _Persistable, T2: ObjectBase
RealmCollection.swift	RealmCollection	sectioned(by:ascending:)	func	params=(KeyPath<Element, T1>, Bool)	defaults=1	result=SectionedResults<T1, Element>	where=T1: _Persistable
RealmCollection.swift	RealmCollection	sectioned(by:sortDescriptors:)	func	params=((Element)->T1, [SortDescriptor])	result=SectionedResults<T1, Element>	where=Element: Projection<T2>, T1: _Persistable, T2: ObjectBase
RealmCollection.swift	RealmCollection	sectioned(by:sortDescriptors:)	func	params=((Element)->T1, [SortDescriptor])	result=SectionedResults<T1, Element>	where=T1: _Persistable
RealmCollection.swift	RealmCollection	sectioned(by:sortDescriptors:)	func	params=(KeyPath<Element, T1>, [SortDescriptor])	result=SectionedResults<T1, Element>	where=Element: Projection<T2>, T1: _Persistable, T2: ObjectBase
RealmCollection.swift	RealmCollection	sectioned(by:sortDescriptors:)	func	params=(KeyPath<Element, T1>, [SortDescriptor])	result=SectionedResults<T1, Element>	where=T1: _Persistable
RealmCollection.swift	RealmCollection	sectioned(sortDescriptors:_:)	func	params=([SortDescriptor], (Element)->T1)	result=SectionedResults<T1, Element>	where=T1: _Persistable
RealmCollection.swift	RealmCollection	setValue(_:forKey:)	func	params=(Any?, String)	result=Void
RealmCollection.swift	RealmCollection	sorted(ascending:)	func	params=(Bool)	defaults=0	result=Results<Element>
RealmCollection.swift	RealmCollection	sorted(by:)	func	params=(T1)	result=Results<Element>	where=T1.Iterator.Element==SortDescriptor, T1: Sequence
RealmCollection.swift	RealmCollection	sorted(by:ascending:)	func	params=(KeyPath<Element, T1>, Bool)	defaults=1	result=Results<Element>	where=T1.PersistedType: SortableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	sorted(byKeyPath:ascending:)	func	params=(String, Bool)	defaults=1	result=Results<Element>
RealmCollection.swift	RealmCollection	startIndex	var	type=Int	access=get
RealmCollection.swift	RealmCollection	sum()	func	params=()	result=Element
RealmCollection.swift	RealmCollection	sum(of:)	func	params=(KeyPath<Element, T1>)	result=T1	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	sum(ofProperty:)	func	params=(String)	result=T1	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmCollection.swift	RealmCollection	thaw()	func	params=()	result=Self?
RealmCollection.swift	RealmCollection	value(forKey:)	func	params=(String)	result=Any?
RealmCollection.swift	RealmCollection	value(forKeyPath:)	func	params=(String)	result=Any?
RealmCollection.swift	RealmCollection	where(_:)	func	params=((Query<Element>)->Query<Bool>)	result=Results<Element>
RealmCollection.swift	RealmCollectionChange	error	case	params=(Error)
RealmCollection.swift	RealmCollectionChange	initial	case	params=(CollectionType)
RealmCollection.swift	RealmCollectionChange	update	case	params=(CollectionType, [Int], [Int], [Int])
RealmConfiguration.swift	Realm.Configuration	==(lhs:rhs:)	func	static=static	params=(Realm.Configuration, Realm.Configuration)	result=Bool
RealmConfiguration.swift	Realm.Configuration	defaultConfiguration	var	static=static	type=Configuration	access=get set
RealmConfiguration.swift	Realm.Configuration	deleteRealmIfMigrationNeeded	var	type=Bool	access=get set
RealmConfiguration.swift	Realm.Configuration	description	var	type=String	access=get
RealmConfiguration.swift	Realm.Configuration	encryptionKey	var	type=Data?	access=get set
RealmConfiguration.swift	Realm.Configuration	eventConfiguration	var	type=EventConfiguration?	access=get set
RealmConfiguration.swift	Realm.Configuration	fileURL	var	type=URL?	access=get set
RealmConfiguration.swift	Realm.Configuration	inMemoryIdentifier	var	type=String?	access=get set
RealmConfiguration.swift	Realm.Configuration	init(fileURL:inMemoryIdentifier:syncConfiguration:encryptionKey:readOnly:schemaVersion:migrationBlock:deleteRealmIfMigrationNeeded:shouldCompactOnLaunch:objectTypes:seedFilePath:)	init	params=(URL?, String?, SyncConfiguration?, Data?, Bool, UInt64, MigrationBlock?, Bool, ((Int, Int)->Bool)?, [ObjectBase.Type]?, URL?)	defaults=0,1,2,3,4,5,6,7,8,9,10
RealmConfiguration.swift	Realm.Configuration	maximumNumberOfActiveVersions	var	type=UInt?	access=get set
RealmConfiguration.swift	Realm.Configuration	migrationBlock	var	type=MigrationBlock?	access=get set
RealmConfiguration.swift	Realm.Configuration	objectTypes	var	type=[ObjectBase.Type]?	access=get set
RealmConfiguration.swift	Realm.Configuration	readOnly	var	type=Bool	access=get set
RealmConfiguration.swift	Realm.Configuration	schemaVersion	var	type=UInt64	access=get set
RealmConfiguration.swift	Realm.Configuration	seedFilePath	var	type=URL?	access=get set
RealmConfiguration.swift	Realm.Configuration	shouldCompactOnLaunch	var	type=((Int, Int)->Bool)?	access=get set
RealmConfiguration.swift	Realm.Configuration	syncConfiguration	var	type=SyncConfiguration?	access=get set
RealmKeyedCollection.swift	RealmKeyedCollection	average()	func	params=()	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	average(of:)	func	params=(KeyPath<Value.Wrapped, T1>)	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	average(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	contains(where:)	func	params=((_ key:Key, _ value:Value)->Bool)	result=Bool
RealmKeyedCollection.swift	RealmKeyedCollection	count	var	type=Int	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	description	var	type=String	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	filter(_:)	func	params=(NSPredicate)	result=Results<Value>
RealmKeyedCollection.swift	RealmKeyedCollection	freeze()	func	params=()	result=Self
RealmKeyedCollection.swift	RealmKeyedCollection	isFrozen	var	type=Bool	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	isInvalidated	var	type=Bool	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	keys	var	type=[Key]	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	max()	func	params=()	result=Value?
RealmKeyedCollection.swift	RealmKeyedCollection	max(of:)	func	params=(KeyPath<Value.Wrapped, T1>)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	max(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	min()	func	params=()	result=Value?
RealmKeyedCollection.swift	RealmKeyedCollection	min(of:)	func	params=(KeyPath<Value.Wrapped, T1>)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	min(ofProperty:)	func	params=(String)	result=T1?	where=T1.PersistedType: MinMaxType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmMapChange<Self>)->Void)	defaults=0,1	result=NotificationToken
RealmKeyedCollection.swift	RealmKeyedCollection	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (RealmMapChange<Self>)->Void)	result=NotificationToken
RealmKeyedCollection.swift	RealmKeyedCollection	realm	var	type=Realm?	access=get
RealmKeyedCollection.swift	RealmKeyedCollection	removeAll()	func	params=()	result=Void
RealmKeyedCollection.swift	RealmKeyedCollection	removeObject(for:)	func	params=(Key)	result=Void
RealmKeyedCollection.swift	RealmKeyedCollection	setValue(_:forKey:)	func	params=(Any?, String)	result=Void
RealmKeyedCollection.swift	RealmKeyedCollection	sorted(ascending:)	func	params=(Bool)	defaults=0	result=Results<Value>
RealmKeyedCollection.swift	RealmKeyedCollection	sorted(ascending:)	func	params=(Bool)	result=Results<Value>
RealmKeyedCollection.swift	RealmKeyedCollection	sorted(by:)	func	params=(T1)	result=Results<Value>	where=T1.Iterator.Element==SortDescriptor, T1: Sequence
RealmKeyedCollection.swift	RealmKeyedCollection	sorted(by:ascending:)	func	params=(KeyPath<Value.Wrapped, T1>, Bool)	result=Results<Value>	where=T1.PersistedType: SortableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	sorted(byKeyPath:ascending:)	func	params=(String, Bool)	result=Results<Value>
RealmKeyedCollection.swift	RealmKeyedCollection	subscript(_:)	subscript	params=(Key)	result=Value?
RealmKeyedCollection.swift	RealmKeyedCollection	sum()	func	params=()	result=Value
RealmKeyedCollection.swift	RealmKeyedCollection	sum(of:)	func	params=(KeyPath<Value.Wrapped, T1>)	result=T1	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	sum(ofProperty:)	func	params=(String)	result=T1	where=T1.PersistedType: AddableType, T1: _HasPersistedType
RealmKeyedCollection.swift	RealmKeyedCollection	thaw()	func	params=()	result=Self?
RealmKeyedCollection.swift	RealmKeyedCollection	updateValue(_:forKey:)	func	params=(Value, Key)	result=Void
RealmKeyedCollection.swift	RealmKeyedCollection	value(forKey:)	func	params=(String)	result=AnyObject?
RealmKeyedCollection.swift	RealmKeyedCollection	value(forKeyPath:)	func	params=(String)	result=AnyObject?
RealmKeyedCollection.swift	RealmKeyedCollection	values	var	type=[Value]	access=get
RealmProperty.swift	RealmProperty	==(lhs:rhs:)	func	static=static	params=(RealmProperty<Value>, RealmProperty<Value>)	result=Bool
RealmProperty.swift	RealmProperty	description	var	type=String	access=get
RealmProperty.swift	RealmProperty	encode(to:)	func	params=(Encoder)	effects=throws	result=Void
RealmProperty.swift	RealmProperty	init(from:)	init	params=(Decoder)	effects=throws
RealmProperty.swift	RealmProperty	value	var	type=Value	access=get set
Results.swift	Results	==(lhs:rhs:)	func	static=static	params=(Results<Element>, Results<Element>)	result=Bool
Results.swift	Results	description	var	type=String	access=get
Results.swift	Results	makeIterator()	func	params=()	result=RLMIterator<Element>
Results.swift	Results	subscribe(name:waitForSync:timeout:_isolation:)	func	params=(String?, WaitForSyncMode, TimeInterval?)	defaults=0,1,2	effects=async throws	result=Results<Element>
Results.swift	Results	subscript(_:)	subscript	params=(Int)	result=Element
Results.swift	Results	unsubscribe()	func	params=()	result=Void
Schema.swift	Schema	==(lhs:rhs:)	func	static=static	params=(Schema, Schema)	result=Bool
Schema.swift	Schema	description	var	type=String	access=get
Schema.swift	Schema	objectSchema	var	type=[ObjectSchema]	access=get
Schema.swift	Schema	subscript(_:)	subscript	params=(String)	result=ObjectSchema?
SectionedResults.swift	RealmSectionedResult	count	var	type=Int	access=get
SectionedResults.swift	RealmSectionedResult	freeze()	func	params=()	result=Self
SectionedResults.swift	RealmSectionedResult	isFrozen	var	type=Bool	access=get
SectionedResults.swift	RealmSectionedResult	isInvalidated	var	type=Bool	access=get
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_:)	func	params=([PartialKeyPath<Element.Element>], DispatchQueue?, (SectionedResultsChange<Self>)->Void)	defaults=1	result=NotificationToken
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_:)	func	params=([PartialKeyPath<Element>], DispatchQueue?, (SectionedResultsChange<Self>)->Void)	defaults=1	result=NotificationToken
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (SectionedResultsChange<Self>)->Void)	defaults=0,1	result=NotificationToken
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (SectionedResultsChange<Self>)->Void)	result=NotificationToken
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<Element.Element>], T1, (isolated T1, SectionedResultsChange<Self>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_isolation:_:)	func	params=([PartialKeyPath<Element>], T1, (isolated T1, SectionedResultsChange<Self>)->Void)	effects=async	result=NotificationToken	where=T1: Actor
SectionedResults.swift	RealmSectionedResult	observe(keyPaths:on:_isolation:_:)	func	params=([String]?, T1, (isolated T1, SectionedResultsChange<Self>)->Void)	defaults=0	effects=async	result=NotificationToken	where=T1: Actor
SectionedResults.swift	RealmSectionedResult	realm	var	type=Realm?	access=get
SectionedResults.swift	RealmSectionedResult	thaw()	func	params=()	result=Self?
SectionedResults.swift	ResultsSection	==(lhs:rhs:)	func	static=static	params=(ResultsSection<Key, Element>, ResultsSection<Key, Element>)	result=Bool
SectionedResults.swift	ResultsSection	id	var	type=Key	access=get
SectionedResults.swift	ResultsSection	key	var	type=Key	access=get
SectionedResults.swift	ResultsSection	makeIterator()	func	params=()	result=SectionIterator<Element>
SectionedResults.swift	ResultsSection	subscript(_:)	subscript	params=(Int)	result=T
SectionedResults.swift	SectionIterator	next()	func	params=()	result=Element?
SectionedResults.swift	SectionedResultImpl	endIndex	var	type=Int	access=get
SectionedResults.swift	SectionedResultImpl	freeze()	func	params=()	result=Self
SectionedResults.swift	SectionedResultImpl	isFrozen	var	type=Bool	access=get
SectionedResults.swift	SectionedResultImpl	isInvalidated	var	type=Bool	access=get
SectionedResults.swift	SectionedResultImpl	observe(keyPaths:on:_:)	func	params=([String]?, DispatchQueue?, (SectionedResultsChange<Self>)->Void)	result=NotificationToken
SectionedResults.swift	SectionedResultImpl	realm	var	type=Realm?	access=get
SectionedResults.swift	SectionedResultImpl	startIndex	var	type=Int	access=get
SectionedResults.swift	SectionedResultImpl	thaw()	func	params=()	result=Self?
SectionedResults.swift	SectionedResults	==(lhs:rhs:)	func	static=static	params=(Self, Self)	result=Bool
SectionedResults.swift	SectionedResults	allKeys	var	type=[Key]	access=get
SectionedResults.swift	SectionedResults	makeIterator()	func	params=()	result=SectionedResultsIterator<Key, SectionElement>
SectionedResults.swift	SectionedResults	subscript(_:)	subscript	params=(IndexPath)	result=SectionElement
SectionedResults.swift	SectionedResults	subscript(_:)	subscript	params=(Int)	result=Element
SectionedResults.swift	SectionedResultsChange	initial	case	params=(Collection)
SectionedResults.swift	SectionedResultsChange	update	case	params=(Collection, [IndexPath], [IndexPath], [IndexPath], IndexSet, IndexSet)
SectionedResults.swift	SectionedResultsIterator	next()	func	params=()	result=ResultsSection<Key, Element>?
SortDescriptor.swift	SortDescriptor	==(lhs:rhs:)	func	static=static	params=(SortDescriptor, SortDescriptor)	result=Bool
SortDescriptor.swift	SortDescriptor	ascending	let	type=Bool	access=get
SortDescriptor.swift	SortDescriptor	description	var	type=String	access=get
SortDescriptor.swift	SortDescriptor	init(keyPath:ascending:)	init	params=(PartialKeyPath<T1>, Bool)	defaults=1	where=T1: ObjectBase
SortDescriptor.swift	SortDescriptor	init(keyPath:ascending:)	init	params=(String, Bool)	defaults=1
SortDescriptor.swift	SortDescriptor	init(stringLiteral:)	init	params=(StringLiteralType)
SortDescriptor.swift	SortDescriptor	keyPath	let	type=String	access=get
SortDescriptor.swift	SortDescriptor	reversed()	func	params=()	result=SortDescriptor
SwiftUI.swift	AsyncOpen	cancel()	func	params=()	result=Void
SwiftUI.swift	AsyncOpen	init(appId:configuration:timeout:)	init	params=(String?, Realm.Configuration?, UInt?)	defaults=0,1,2
SwiftUI.swift	AsyncOpen	init(appId:partitionValue:configuration:timeout:)	init	params=(String?, T1, Realm.Configuration?, UInt?)	defaults=0,2,3	where=T1: BSON
SwiftUI.swift	AsyncOpen	projectedValue	var	type=Published<AsyncOpenState>.Publisher	access=get
SwiftUI.swift	AsyncOpen	update()	func	params=()	result=Void
SwiftUI.swift	AsyncOpen	wrappedValue	var	type=AsyncOpenState	access=get
SwiftUI.swift	AsyncOpenState	connecting	case
SwiftUI.swift	AsyncOpenState	error	case	params=(Error)
SwiftUI.swift	AsyncOpenState	open	case	params=(Realm)
SwiftUI.swift	AsyncOpenState	progress	case	params=(Progress)
SwiftUI.swift	AsyncOpenState	waitingForUser	case
SwiftUI.swift	AutoOpen	cancel()	func	params=()	result=Void
SwiftUI.swift	AutoOpen	init(appId:configuration:timeout:)	init	params=(String?, Realm.Configuration?, UInt?)	defaults=0,1,2
SwiftUI.swift	AutoOpen	init(appId:partitionValue:configuration:timeout:)	init	params=(String?, T1, Realm.Configuration?, UInt?)	defaults=0,2,3	where=T1: BSON
SwiftUI.swift	AutoOpen	projectedValue	var	type=Published<AsyncOpenState>.Publisher	access=get
SwiftUI.swift	AutoOpen	update()	func	params=()	result=Void
SwiftUI.swift	AutoOpen	wrappedValue	var	type=AsyncOpenState	access=get
SwiftUI.swift	Binding	delete()	func	params=()	result=Void
SwiftUI.swift	Binding	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<Value, T1>)	result=Binding<T1>	where=T1: Equatable, T1: _Persistable
SwiftUI.swift	Binding	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<Value, T1>)	result=Binding<T1>	where=T1: RLMSwiftCollectionBase, T1: ThreadConfined, T1: _Persistable
SwiftUI.swift	Binding	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<Value, T1>)	result=Binding<T1>	where=T1: _Persistable
SwiftUI.swift	BoundCollection	append(_:)	func	params=(Value.Element)	result=Void
SwiftUI.swift	BoundCollection	insert(_:)	func	params=(Value.Element)	result=Void
SwiftUI.swift	BoundCollection	move(fromOffsets:toOffset:)	func	params=(IndexSet, Int)	result=Void
SwiftUI.swift	BoundCollection	remove(_:)	func	params=(Value.Element)	result=Void
SwiftUI.swift	BoundCollection	remove(at:)	func	params=(Index)	result=Void
SwiftUI.swift	BoundCollection	remove(atOffsets:)	func	params=(IndexSet)	result=Void
SwiftUI.swift	BoundCollection	wrappedValue	var	type=Value	access=get
SwiftUI.swift	BoundMap	set(object:for:)	func	params=(Value.Value?, Value.Key)	result=Void
SwiftUI.swift	BoundMap	subscript(_:)	subscript	params=(Value.Key)	result=Value.Value?
SwiftUI.swift	BoundMap	wrappedValue	var	type=Value	access=get
SwiftUI.swift	EnvironmentValues	partitionValue	var	type=PartitionValue?	access=get set
SwiftUI.swift	EnvironmentValues	realm	var	type=Realm	access=get set
SwiftUI.swift	EnvironmentValues	realmConfiguration	var	type=Realm.Configuration	access=get set
SwiftUI.swift	ObservableStoragePublisher	receive(subscriber:)	func	params=(T1)	result=Void	where=Failure==T1.Failure, Output==T1.Input, T1: Subscriber
SwiftUI.swift	ObservedRealmObject	init(wrappedValue:)	init	params=(ObjectType)
SwiftUI.swift	ObservedRealmObject	init(wrappedValue:)	init	params=(ObjectType)	where=ObjectType==List<T1>
SwiftUI.swift	ObservedRealmObject	projectedValue	var	type=Wrapper	access=get
SwiftUI.swift	ObservedRealmObject	wrappedValue	var	type=ObjectType	access=get set
SwiftUI.swift	ObservedRealmObject.Wrapper	delete()	func	params=()	result=Void
SwiftUI.swift	ObservedRealmObject.Wrapper	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<ObjectType, T1>)	result=Binding<T1>
SwiftUI.swift	ObservedRealmObject.Wrapper	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<ObjectType, T1>)	result=Binding<T1>	where=T1: Equatable
SwiftUI.swift	ObservedRealmObject.Wrapper	subscript(dynamicMember:)	subscript	params=(ReferenceWritableKeyPath<ObjectType, T1>)	result=Binding<T1>	where=T1: RLMSwiftCollectionBase, T1: ThreadConfined
SwiftUI.swift	ObservedRealmObject.Wrapper	wrappedValue	var	type=ObjectType	access=get set
SwiftUI.swift	ObservedResults	filter	var	type=NSPredicate?	access=get set
SwiftUI.swift	ObservedResults	init(_:configuration:filter:keyPaths:sortDescriptor:)	init	params=(ResultType.Type, Realm.Configuration?, NSPredicate?, [String]?, SortDescriptor?)	defaults=1,2,3,4
SwiftUI.swift	ObservedResults	init(_:configuration:filter:keyPaths:sortDescriptor:)	init	params=(ResultType.Type, Realm.Configuration?, NSPredicate?, [String]?, SortDescriptor?)	defaults=1,2,3,4	where=ResultType: Projection<T1>, T1: ObjectBase, T1: ThreadConfined
SwiftUI.swift	ObservedResults	init(_:configuration:where:keyPaths:sortDescriptor:)	init	params=(ResultType.Type, Realm.Configuration?, ((Query<ResultType>)->Query<Bool>)?, [String]?, SortDescriptor?)	defaults=1,2,3,4
SwiftUI.swift	ObservedResults	init(_:keyPaths:configuration:sortDescriptor:)	init	params=(ResultType.Type, [String]?, Realm.Configuration?, SortDescriptor?)	defaults=1,2,3
SwiftUI.swift	ObservedResults	projectedValue	var	type=Self	access=get
SwiftUI.swift	ObservedResults	sortDescriptor	var	type=SortDescriptor?	access=get set
SwiftUI.swift	ObservedResults	update()	func	params=()	result=Void
SwiftUI.swift	ObservedResults	where	var	type=((Query<ResultType>)->Query<Bool>)?	access=get set
SwiftUI.swift	ObservedResults	wrappedValue	var	type=Results<ResultType>	access=get
SwiftUI.swift	ObservedSectionedResults	filter	var	type=NSPredicate?	access=get set
SwiftUI.swift	ObservedSectionedResults	init(_:sectionBlock:sortDescriptors:filter:keyPaths:configuration:)	init	params=(ResultType.Type, (ResultType)->Key, [SortDescriptor], NSPredicate?, [String]?, Realm.Configuration?)	defaults=2,3,4,5
SwiftUI.swift	ObservedSectionedResults	init(_:sectionBlock:sortDescriptors:filter:keyPaths:configuration:)	init	params=(ResultType.Type, (ResultType)->Key, [SortDescriptor], NSPredicate?, [String]?, Realm.Configuration?)	defaults=2,3,4,5	where=ResultType: Projection<T1>, T1: ObjectBase, T1: ThreadConfined
SwiftUI.swift	ObservedSectionedResults	init(_:sectionBlock:sortDescriptors:keyPaths:configuration:)	init	params=(ResultType.Type, (ResultType)->Key, [SortDescriptor], [String]?, Realm.Configuration?)	defaults=3,4
SwiftUI.swift	ObservedSectionedResults	init(_:sectionBlock:sortDescriptors:where:keyPaths:configuration:)	init	params=(ResultType.Type, (ResultType)->Key, [SortDescriptor], ((Query<ResultType>)->Query<Bool>)?, [String]?, Realm.Configuration?)	defaults=2,3,4,5
SwiftUI.swift	ObservedSectionedResults	init(_:sectionKeyPath:sortDescriptors:filter:keyPaths:configuration:)	init	params=(ResultType.Type, KeyPath<ResultType, Key>, [SortDescriptor], NSPredicate?, [String]?, Realm.Configuration?)	defaults=2,3,4,5
SwiftUI.swift	ObservedSectionedResults	init(_:sectionKeyPath:sortDescriptors:filter:keyPaths:configuration:)	init	params=(ResultType.Type, KeyPath<ResultType, Key>, [SortDescriptor], NSPredicate?, [String]?, Realm.Configuration?)	defaults=2,3,4,5	where=ResultType: Projection<T1>, T1: ObjectBase, T1: ThreadConfined
SwiftUI.swift	ObservedSectionedResults	init(_:sectionKeyPath:sortDescriptors:keyPaths:configuration:)	init	params=(ResultType.Type, KeyPath<ResultType, Key>, [SortDescriptor], [String]?, Realm.Configuration?)	defaults=2,3,4
SwiftUI.swift	ObservedSectionedResults	init(_:sectionKeyPath:sortDescriptors:where:keyPaths:configuration:)	init	params=(ResultType.Type, KeyPath<ResultType, Key>, [SortDescriptor], ((Query<ResultType>)->Query<Bool>)?, [String]?, Realm.Configuration?)	defaults=2,3,4,5
SwiftUI.swift	ObservedSectionedResults	projectedValue	var	type=Self	access=get
SwiftUI.swift	ObservedSectionedResults	remove(atOffsets:section:)	func	params=(IndexSet, ResultsSection<Key, ResultType>)	result=Void
SwiftUI.swift	ObservedSectionedResults	sortDescriptors	var	type=[SortDescriptor]	access=get set
SwiftUI.swift	ObservedSectionedResults	update()	func	params=()	result=Void
SwiftUI.swift	ObservedSectionedResults	where	var	type=((Query<ResultType>)->Query<Bool>)?	access=get set
SwiftUI.swift	ObservedSectionedResults	wrappedValue	var	type=SectionedResults<Key, ResultType>	access=get
SwiftUI.swift	StateRealmObject	init(wrappedValue:)	init	params=(T)
SwiftUI.swift	StateRealmObject	init(wrappedValue:)	init	params=(T)	where=T==List<T1>
SwiftUI.swift	StateRealmObject	init(wrappedValue:)	init	params=(T)	where=T==Map<T1, T2>
SwiftUI.swift	StateRealmObject	init(wrappedValue:)	init	params=(T)	where=T==MutableSet<T1>
SwiftUI.swift	StateRealmObject	projectedValue	var	type=Binding<T>	access=get set
SwiftUI.swift	StateRealmObject	wrappedValue	var	type=T	access=get set
SwiftUI.swift	ThreadConfined	bind(_:)	func	params=(ReferenceWritableKeyPath<Self, T1>)	result=Binding<T1>	where=T1: Equatable, T1: _Persistable
SwiftUI.swift	ThreadConfined	bind(_:)	func	params=(ReferenceWritableKeyPath<Self, T1>)	result=Binding<T1>	where=T1: RLMSwiftCollectionBase, T1: ThreadConfined, T1: _Persistable
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, LocalizedStringKey)	defaults=3	result=some View	where=T1: ObjectBase
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, T2)	defaults=3	result=some View	where=T1: ObjectBase, T2: StringProtocol
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, Text?)	defaults=3,4	result=some View	where=T1: ObjectBase
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, LocalizedStringKey)	defaults=3	result=some View	where=T2: ObjectBase
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, T3)	defaults=3	result=some View	where=T2: ObjectBase, T3: StringProtocol
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, Text?)	defaults=3,4	result=some View	where=T2: ObjectBase
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, LocalizedStringKey, ()->T2)	defaults=3	result=some View	where=T1: ObjectBase, T2: View
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, T3, ()->T2)	defaults=3	result=some View	where=T1: ObjectBase, T2: View, T3: StringProtocol
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedResults<T1>, KeyPath<T1, String>, SearchFieldPlacement, Text?, ()->T2)	defaults=3,4	result=some View	where=T1: ObjectBase, T2: View
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, LocalizedStringKey, ()->T3)	defaults=3	result=some View	where=T2: ObjectBase, T3: View
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, T4, ()->T3)	defaults=3	result=some View	where=T2: ObjectBase, T3: View, T4: StringProtocol
SwiftUI.swift	View	searchable(text:collection:keyPath:placement:prompt:@ViewBuilder:)	func	params=(Binding<String>, ObservedSectionedResults<T1, T2>, KeyPath<T2, String>, SearchFieldPlacement, Text?, ()->T3)	defaults=3,4	result=some View	where=T2: ObjectBase, T3: View
Sync.swift	ClientResetMode	discardLocal	case	params=(((_ before:Realm)->Void)?=nil, ((_ before:Realm, _ after:Realm)->Void)?=nil)
Sync.swift	ClientResetMode	discardUnsyncedChanges	case	params=(((_ before:Realm)->Void)?=nil, ((_ before:Realm, _ after:Realm)->Void)?=nil)
Sync.swift	ClientResetMode	manual	case	params=(ErrorReportingBlock?=nil)
Sync.swift	ClientResetMode	recoverOrDiscardUnsyncedChanges	case	params=(((_ before:Realm)->Void)?=nil, ((_ before:Realm, _ after:Realm)->Void)?=nil)
Sync.swift	ClientResetMode	recoverUnsyncedChanges	case	params=(((_ before:Realm)->Void)?=nil, ((_ before:Realm, _ after:Realm)->Void)?=nil)
Sync.swift	CompensatingWriteInfo	primaryKey	var	type=AnyRealmValue	access=get
Sync.swift	FunctionCallable	dynamicallyCall(withArguments:)	func	params=([AnyBSON])	effects=async throws	result=AnyBSON
Sync.swift	FunctionCallable	dynamicallyCall(withArguments:)	func	params=([AnyBSON])	result=Future<AnyBSON, Error>
Sync.swift	FunctionCallable	dynamicallyCall(withArguments:)	func	params=([[AnyBSON]])	effects=async throws	result=AnyBSON
Sync.swift	FunctionCallable	dynamicallyCall(withArguments:)	func	params=([[AnyBSON]])	result=Future<AnyBSON, Error>
Sync.swift	Functions	subscript(dynamicMember:)	subscript	params=(String)	result=Function
Sync.swift	Functions	subscript(dynamicMember:)	subscript	params=(String)	result=FunctionCallable
Sync.swift	Functions	subscript(dynamicMember:)	subscript	params=(String)	result=ResultFunction
Sync.swift	Realm	subscribe(to:where:completion:)	func	params=(T1.Type, String, (Results<T1>?, Error?)->Void)	result=Void	where=T1: Object
Sync.swift	Realm	syncSession	var	type=SyncSession?	access=get
Sync.swift	SyncConfiguration	cancelAsyncOpenOnNonFatalErrors	var	type=Bool	access=get
Sync.swift	SyncConfiguration	clientResetMode	var	type=ClientResetMode	access=get
Sync.swift	SyncConfiguration	initialSubscriptions	var	type=InitialSubscriptionsConfiguration?	access=get
Sync.swift	SyncConfiguration	partitionValue	var	type=AnyBSON?	access=get
Sync.swift	SyncConfiguration	user	var	type=User	access=get
Sync.swift	SyncError	clientResetInfo()	func	params=()	result=(String, SyncError.ActionToken)?
Sync.swift	SyncError	compensatingWriteInfo	var	type=[CompensatingWriteInfo]?	access=get
Sync.swift	SyncError	deleteRealmUserInfo()	func	params=()	result=SyncError.ActionToken?
Sync.swift	SyncError	serverLogURL	var	type=URL?	access=get
Sync.swift	SyncSession	addProgressNotification(for:mode:block:)	func	params=(ProgressDirection, ProgressMode, (Progress)->Void)	result=ProgressNotificationToken?
Sync.swift	SyncSession	wait(for:)	func	params=(ProgressDirection)	effects=async throws	result=Void
Sync.swift	SyncSession	wait(for:queue:block:)	func	params=(ProgressDirection, DispatchQueue?, (Error?)->Void)	defaults=1	result=Void
Sync.swift	SyncSession.Progress	fractionTransferred	var	type=Double	access=get
Sync.swift	SyncSession.Progress	isTransferComplete	var	type=Bool	access=get
Sync.swift	SyncSession.Progress	progressEstimate	let	type=Double	access=get
Sync.swift	SyncSession.Progress	transferrableBytes	var	type=Int	access=get
Sync.swift	SyncSession.Progress	transferredBytes	var	type=Int	access=get
Sync.swift	SyncSession.ProgressDirection	download	case
Sync.swift	SyncSession.ProgressDirection	upload	case
Sync.swift	SyncSession.ProgressMode	forCurrentlyOutstandingWork	case
Sync.swift	SyncSession.ProgressMode	reportIndefinitely	case
Sync.swift	SyncTimeoutOptions	init(connectTimeout:connectionLingerTime:pingKeepalivePeriod:pongKeepaliveTimeout:fastReconnectLimit:)	init	params=(UInt?, UInt?, UInt?, UInt?, UInt?)	defaults=0,1,2,3,4
Sync.swift	User	configuration(partitionValue:clientResetMode:cancelAsyncOpenOnNonFatalErrors:)	func	params=(AnyBSON, ClientResetMode, Bool)	defaults=1,2	result=Realm.Configuration
Sync.swift	User	configuration(partitionValue:clientResetMode:cancelAsyncOpenOnNonFatalErrors:)	func	params=(T1, ClientResetMode, Bool)	defaults=1,2	result=Realm.Configuration	where=T1: BSON
Sync.swift	User	customData	var	type=Document	access=get
Sync.swift	User	delete()	func	params=()	result=Future<Void, Error>
Sync.swift	User	flexibleSyncConfiguration(clientResetMode:cancelAsyncOpenOnNonFatalErrors:)	func	params=(ClientResetMode, Bool)	defaults=0,1	result=Realm.Configuration
Sync.swift	User	flexibleSyncConfiguration(clientResetMode:cancelAsyncOpenOnNonFatalErrors:initialSubscriptions:rerunOnOpen:)	func	params=(ClientResetMode, Bool, (SyncSubscriptionSet)->Void, Bool)	defaults=0,1,3	result=Realm.Configuration
Sync.swift	User	functions	var	type=Functions	access=get
Sync.swift	User	linkUser(credentials:)	func	params=(Credentials)	effects=async throws	result=User
Sync.swift	User	linkUser(credentials:)	func	params=(Credentials)	result=Future<User, Error>
Sync.swift	User	linkUser(credentials:_:)	func	params=(Credentials, (Result<User, Error>)->Void)	result=Void
Sync.swift	User	logOut()	func	params=()	result=Future<Void, Error>
Sync.swift	User	mongoClient(_:)	func	params=(String)	result=MongoClient
Sync.swift	User	objectWillChange	var	type=AnyPublisher<UserPublisher.Output, UserPublisher.Failure>	access=get
Sync.swift	User	refreshCustomData()	func	params=()	effects=async throws	result=Document	discardable=yes
Sync.swift	User	refreshCustomData()	func	params=()	result=Future<[AnyHashable:Any], Error>
Sync.swift	User	refreshCustomData(_:)	func	params=((Result<[AnyHashable:Any], Error>)->Void)	result=Void
Sync.swift	User	remove()	func	params=()	result=Future<Void, Error>
Sync.swift	UserPublisher	receive(subscriber:)	func	params=(T1)	result=Void	where=Output==T1.Input, T1.Failure==Never, T1: Subscriber
Sync.swift	UserSubscription	cancel()	func	params=()	result=Void
Sync.swift	UserSubscription	combineIdentifier	var	type=CombineIdentifier	access=get
Sync.swift	UserSubscription	request(_:)	func	params=(Subscribers.Demand)	result=Void
SyncSubscription.swift	QuerySubscription	init(name:)	init	params=(String?)	defaults=0
SyncSubscription.swift	QuerySubscription	init(name:query:)	init	params=(String?, QueryFunction)	defaults=0
SyncSubscription.swift	QuerySubscription	init(name:where:)	init	params=(String?, NSPredicate)	defaults=0
SyncSubscription.swift	QuerySubscription	init(name:where:_:)	init	params=(String?, String, Any...)	defaults=0
SyncSubscription.swift	SyncSubscription	createdAt	var	type=Date	access=get
SyncSubscription.swift	SyncSubscription	name	var	type=String?	access=get
SyncSubscription.swift	SyncSubscription	update(to:)	func	params=(NSPredicate)	result=Void
SyncSubscription.swift	SyncSubscription	update(to:_:)	func	params=(String, Any...)	result=Void
SyncSubscription.swift	SyncSubscription	update(toType:where:)	func	params=(T1.Type, (Query<T1>)->Query<Bool>)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscription	updateQuery(to:)	func	params=(NSPredicate)	result=Void
SyncSubscription.swift	SyncSubscription	updateQuery(to:_:)	func	params=(String, Any...)	result=Void
SyncSubscription.swift	SyncSubscription	updateQuery(toType:where:)	func	params=(T1.Type, ((Query<T1>)->Query<Bool>)?)	defaults=1	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscription	updateQuery(toType:where:)	func	params=(T1.Type, (Query<T1>)->Query<Bool>)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscription	updatedAt	var	type=Date	access=get
SyncSubscription.swift	SyncSubscriptionSet	append(_:)	func	params=(QuerySubscription<T1>...)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	count	var	type=Int	access=get
SyncSubscription.swift	SyncSubscriptionSet	first	var	type=SyncSubscription?	access=get
SyncSubscription.swift	SyncSubscriptionSet	first(named:)	func	params=(String)	result=SyncSubscription?
SyncSubscription.swift	SyncSubscriptionSet	first(ofType:`where`:)	func	params=(T1.Type, (Query<T1>)->Query<Bool>)	result=SyncSubscription?	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	first(ofType:`where`:)	func	params=(T1.Type, NSPredicate)	result=SyncSubscription?	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	first(ofType:`where`:_:)	func	params=(T1.Type, String, Any...)	result=SyncSubscription?	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	last	var	type=SyncSubscription?	access=get
SyncSubscription.swift	SyncSubscriptionSet	makeIterator()	func	params=()	result=SyncSubscriptionSetIterator
SyncSubscription.swift	SyncSubscriptionSet	remove(_:)	func	params=(SyncSubscription...)	result=Void
SyncSubscription.swift	SyncSubscriptionSet	remove(named:)	func	params=(String)	result=Void
SyncSubscription.swift	SyncSubscriptionSet	remove(ofType:_:)	func	params=(T1.Type, (Query<T1>)->Query<Bool>)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	remove(ofType:where:)	func	params=(T1.Type, NSPredicate)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	remove(ofType:where:_:)	func	params=(T1.Type, String, Any...)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	removeAll(ofType:)	func	params=(T1.Type)	result=Void	where=T1: Object
SyncSubscription.swift	SyncSubscriptionSet	removeAll(unnamedOnly:)	func	params=(Bool)	defaults=0	result=Void
SyncSubscription.swift	SyncSubscriptionSet	state	var	type=SyncSubscriptionState	access=get
SyncSubscription.swift	SyncSubscriptionSet	subscript(_:)	subscript	params=(Int)	result=SyncSubscription?
SyncSubscription.swift	SyncSubscriptionSet	update(_:)	func	params=(()->Void)	effects=async throws	result=Void
SyncSubscription.swift	SyncSubscriptionSet	update(_:onComplete:)	func	params=(()->Void, ((Error?)->Void)?)	defaults=1	result=Void
SyncSubscription.swift	SyncSubscriptionSet	updateSubscriptions(_:)	func	params=(()->Void)	result=Future<Void, Error>
SyncSubscription.swift	SyncSubscriptionSet	write(_:)	func	params=(()->Void)	effects=async throws	result=Void
SyncSubscription.swift	SyncSubscriptionSet	write(_:onComplete:)	func	params=(()->Void, ((Error?)->Void)?)	defaults=1	result=Void
SyncSubscription.swift	SyncSubscriptionSetIterator	next()	func	params=()	result=RLMSyncSubscription?
SyncSubscription.swift	SyncSubscriptionState	==(lhs:rhs:)	func	static=static	params=(SyncSubscriptionState, SyncSubscriptionState)	result=Bool
SyncSubscription.swift	SyncSubscriptionState	complete	case
SyncSubscription.swift	SyncSubscriptionState	error	case	params=(Error)
SyncSubscription.swift	SyncSubscriptionState	pending	case
SyncSubscription.swift	SyncSubscriptionState	superseded	case
ThreadSafeReference.swift	Realm	resolve(_:)	func	params=(ThreadSafeReference<T1>)	result=T1?
ThreadSafeReference.swift	ThreadConfined	freeze()	func	params=()	result=Self
ThreadSafeReference.swift	ThreadConfined	isFrozen	var	type=Bool	access=get
ThreadSafeReference.swift	ThreadConfined	isInvalidated	var	type=Bool	access=get
ThreadSafeReference.swift	ThreadConfined	realm	var	type=Realm?	access=get
ThreadSafeReference.swift	ThreadConfined	thaw()	func	params=()	result=Self?
ThreadSafeReference.swift	ThreadSafe	init(wrappedValue:)	init	params=(T?)
ThreadSafeReference.swift	ThreadSafe	wrappedValue	var	type=T?	access=get set
ThreadSafeReference.swift	ThreadSafeReference	init(to:)	init	params=(Confined)
ThreadSafeReference.swift	ThreadSafeReference	isInvalidated	var	type=Bool	access=get
Util.swift		dynamicBridgeCast(fromObjectiveC:)	func	params=(Any)	result=T1
Util.swift		dynamicBridgeCast(fromSwift:)	func	params=(T1)	result=Any
