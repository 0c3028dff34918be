// UIKit's enums that UIKit does not freeze, declared the way UIKit declares them: C enums with
// open extensibility (NS_ENUM). Swift imports such an enum as non-frozen, so a layout file's
// `default:` or `@unknown default:` over `scrollDirection` compiles without a warning, exactly
// as it does against UIKit (a Swift enum declared in a package is frozen for its clients, and
// `default:` after every case would warn: "default will never be executed").
//
// Each is renamed for Swift with swift_name; FlowSim's extensions add descriptions and names.
#ifndef FLOWSIM_UIKIT_ENUMS_H
#define FLOWSIM_UIKIT_ENUMS_H

#define FS_OPEN_ENUM(name, swiftName) \
    typedef enum __attribute__((enum_extensibility(open))) __attribute__((swift_name(swiftName))) name : long name; \
    enum __attribute__((swift_name(swiftName))) name : long

/// UICollectionView.ScrollDirection
FS_OPEN_ENUM(FSScrollDirection, "ScrollDirection") {
    FSScrollDirectionVertical = 0,
    FSScrollDirectionHorizontal = 1,
};

/// UICollectionView.ElementCategory
FS_OPEN_ENUM(FSElementCategory, "ElementCategory") {
    FSElementCategoryCell = 0,
    FSElementCategorySupplementaryView = 1,
    FSElementCategoryDecorationView = 2,
};

/// UICollectionViewUpdateItem.Action
FS_OPEN_ENUM(FSUpdateAction, "UpdateAction") {
    FSUpdateActionInsert = 0,
    FSUpdateActionDelete = 1,
    FSUpdateActionReload = 2,
    FSUpdateActionMove = 3,
    FSUpdateActionNone = 4,
};

/// UIUserInterfaceLayoutDirection
FS_OPEN_ENUM(FSUserInterfaceLayoutDirection, "UserInterfaceLayoutDirection") {
    FSUserInterfaceLayoutDirectionLeftToRight = 0,
    FSUserInterfaceLayoutDirectionRightToLeft = 1,
};

/// UICollectionViewFlowLayout.SectionInsetReference
FS_OPEN_ENUM(FSSectionInsetReference, "SectionInsetReference") {
    FSSectionInsetReferenceFromContentInset = 0,
    FSSectionInsetReferenceFromSafeArea = 1,
    FSSectionInsetReferenceFromLayoutMargins = 2,
};

/// UIUserInterfaceSizeClass
FS_OPEN_ENUM(FSUserInterfaceSizeClass, "UserInterfaceSizeClass") {
    FSUserInterfaceSizeClassUnspecified = 0,
    FSUserInterfaceSizeClassCompact = 1,
    FSUserInterfaceSizeClassRegular = 2,
};

/// UIUserInterfaceIdiom
FS_OPEN_ENUM(FSUserInterfaceIdiom, "UserInterfaceIdiom") {
    FSUserInterfaceIdiomUnspecified = -1,
    FSUserInterfaceIdiomPhone = 0,
    FSUserInterfaceIdiomPad = 1,
};

/// UIGestureRecognizer.State
FS_OPEN_ENUM(FSGestureRecognizerState, "GestureRecognizerState") {
    FSGestureRecognizerStatePossible = 0,
    FSGestureRecognizerStateBegan = 1,
    FSGestureRecognizerStateChanged = 2,
    FSGestureRecognizerStateEnded = 3,
    FSGestureRecognizerStateCancelled = 4,
    FSGestureRecognizerStateFailed = 5,
};

/// UISemanticContentAttribute (UIKit's raw values, UIView.h)
FS_OPEN_ENUM(FSSemanticContentAttribute, "SemanticContentAttribute") {
    FSSemanticContentAttributeUnspecified = 0,
    FSSemanticContentAttributePlayback = 1,
    FSSemanticContentAttributeSpatial = 2,
    FSSemanticContentAttributeForceLeftToRight = 3,
    FSSemanticContentAttributeForceRightToLeft = 4,
};

/// UIContextualAction.Style (UIContextualAction.h)
FS_OPEN_ENUM(FSContextualActionStyle, "ContextualActionStyle") {
    FSContextualActionStyleNormal = 0,
    FSContextualActionStyleDestructive = 1,
};

/// UIListSeparatorConfiguration.Visibility (UIListSeparatorConfiguration.h)
FS_OPEN_ENUM(FSListSeparatorVisibility, "ListSeparatorVisibility") {
    FSListSeparatorVisibilityAutomatic = 0,
    FSListSeparatorVisibilityVisible = 1,
    FSListSeparatorVisibilityHidden = 2,
};

/// UICollectionLayoutSectionOrthogonalScrollingProperties.Bounce (UICollectionViewCompositionalLayout.h)
FS_OPEN_ENUM(FSOrthogonalScrollingBounce, "OrthogonalScrollingBounce") {
    FSOrthogonalScrollingBounceAutomatic = 0,
    FSOrthogonalScrollingBounceAlways = 1,
    FSOrthogonalScrollingBounceNever = 2,
};

#endif
